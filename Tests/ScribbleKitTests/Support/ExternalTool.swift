import Foundation
import Testing

/// Runs `tool` (an absolute path) with `arguments` and waits for it to end; records an issue
/// when it fails. For the real consumers of exported files the suites check them with
/// (librsvg's `rsvg-convert`, poppler's `pdftoppm` and `pdftocairo`).
func runTool(_ tool: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(tool) failed")
}
