import Foundation
import ScribbleKit

/// The crash journal's costs: what it takes from the main thread per finished stroke, how
/// big a session's journal grows next to the saved file, and how long recovery takes.
@MainActor
enum JournalBenchmarks {
    /// Runs the journal metrics; `folder` is a scratch folder.
    static func run(into report: Report, folder: String) throws {
        let path = folder + "/bench.journal"
        let document = Document(manager: ScribbleManager(directory: folder + "/gallery"), hop: { _ in })
        let journal = Journal(directory: folder + "/journal")
        document.startJournal(journal)
        // A session of the big scribble's 1,000 strokes of 1,000 vertices, drawn one by one;
        // only `markFinished` does journal work on the main thread (a copy of the stroke).
        var finishing: [Double] = []
        for stroke in BigScribble.strokes() {
            document.execute(DrawScribbleCommand(scribble: document.scribble, mark: stroke))
            finishing.append(milliseconds { document.markFinished(stroke) })
        }
        journal.flush()
        report.add("journal_main_thread_ms_per_stroke", median(finishing), "ms", limit: 0.2)

        let saved = document.scribble.makeMemento().data.count
        let journalBytes = (try? FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) ?? 0
        report.add("journal_size_ratio@1m", Double(journalBytes) / Double(saved), "x", limit: 1.2)

        try FileManager.default.copyItem(atPath: journal.path, toPath: path)
        journal.remove()
        let manager = ScribbleManager(directory: folder + "/gallery")
        let recover = try (0..<3).map { _ in
            try milliseconds {
                let restored = Document(manager: manager, hop: { _ in })
                restored.restore(try JournalRecovery.read(path, manager: manager))
            }
        }
        report.add("recover_ms@1m", median(recover), "ms", limit: 1500)
    }
}
