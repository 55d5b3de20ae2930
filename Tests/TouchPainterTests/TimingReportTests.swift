@testable import TouchPainter
import Testing

/// The timing lines' numbers, as the benchmark parses them: one decimal place.
@Suite(.timeLimit(.minutes(1)))
struct TimingReportTests {
    @Test(arguments: [(12.34, "12.3"), (0.05, "0.1"), (0, "0.0"), (1234.96, "1235.0"), (-2.25, "-2.3"), (-0.01, "0.0")])
    func tenthsRoundToOneDecimal(value: Double, text: String) {
        #expect(TimingReport.tenths(value) == text)
    }

    @Test func notANumberSaysSo() {
        #expect(TimingReport.tenths(.nan) == "nan")
    }
}
