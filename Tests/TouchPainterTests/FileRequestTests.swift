import Dispatch
import GtkKit
import Testing
@testable import TouchPainter

/// Opening a file is a request of its own: a read stuck in the kernel times out
/// with a message and blocks no other request; its late result is dropped.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct FileRequestTests {
    /// What the requests reported, in order.
    final class Log {
        var events: [String] = []
    }

    /// Runs the main loop until `done` or 30 seconds (tests running beside this one may
    /// keep the main thread for seconds; the suite's limit still ends a hang).
    private func spin(until done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !done(), ContinuousClock.now < deadline {
            MainLoop.iterate()
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func aStuckReadTimesOutBlocksNoOtherRequestAndItsLateResultIsDropped() async throws {
        #expect(Gtk.initialise(), "GTK needs a display; run through `make test`")
        let log = Log()
        let stuck = DispatchSemaphore(value: 0)
        FileRequest.start(
            {
                stuck.wait(); return 1
            }, timeout: 200,
            timedOut: { log.events.append("first timed out") },
            completion: { _ in log.events.append("first finished") })
        FileRequest.start(
            { 2 }, timeout: 5_000,
            timedOut: { log.events.append("second timed out") },
            completion: { result in log.events.append("second read \((try? result.get()) ?? 0)") })
        try await spin { log.events.count >= 2 }
        // Either may be reported first: a main thread busy with other tests runs both at once.
        #expect(log.events.sorted() == ["first timed out", "second read 2"])
        stuck.signal() // the stuck read comes back at last; its result must not be used
        for _ in 0..<20 {
            try await Task.sleep(for: .milliseconds(10))
            MainLoop.iterate()
        }
        #expect(log.events.sorted() == ["first timed out", "second read 2"])
    }

    @Test func aFailedReadReportsItsError() async throws {
        #expect(Gtk.initialise(), "GTK needs a display; run through `make test`")
        struct Unreadable: Error {}
        let log = Log()
        FileRequest.start(
            { () throws -> Int in throw Unreadable() }, timedOut: { log.events.append("timed out") },
            completion: { result in
                if case .failure(let error) = result { log.events.append("failed: \(error)") }
            })
        try await spin { !log.events.isEmpty }
        #expect(log.events == ["failed: Unreadable()"])
    }
}
