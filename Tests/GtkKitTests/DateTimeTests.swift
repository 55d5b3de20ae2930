import Foundation
@testable import GtkKit
import Testing

/// Dates through GLib, the way the gallery's tiles show them.
@Suite(.timeLimit(.minutes(1)))
struct DateTimeTests {
    /// 15 November 2026, noon UTC: the same day in every time zone but the farthest.
    let noon = Date(timeIntervalSince1970: 1_794_744_000)

    @Test func aFormatIsFilledInFromTheDate() {
        #expect(DateTime.format(noon, "%Y-%m") == "2026-11")
        #expect(["14", "15", "16"].contains(DateTime.format(noon, "%e")))
    }

    @Test func textAroundTheConversionsStays() {
        #expect(DateTime.format(noon, "year %Y!") == "year 2026!")
    }
}
