import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// Pictures for the picture tests: PNGs made in memory with Cairo, and JPEGs, CMYK JPEGs and
/// 16-bit PNGs made by ImageMagick's `convert` (scripts/setup.sh installs it), with an EXIF
/// orientation spliced in by hand where a test needs one.
enum PictureFixture {
    /// A PNG `width` × `height` that `draw` paints (on opaque white).
    static func png(width: Int, height: Int, draw: (OpaquePointer) -> Void) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let context = cairo_create(surface)!
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        draw(context)
        cairo_destroy(context)
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque())
        cairo_surface_destroy(surface)
        return sink.bytes
    }

    /// A PNG of one opaque colour.
    static func solidPNG(width: Int, height: Int, color: Color) -> [UInt8] {
        png(width: width, height: height) { context in
            let c = color.unitComponents
            cairo_set_source_rgb(context, c.red, c.green, c.blue)
            cairo_paint(context)
        }
    }

    /// A PNG whose left half is red and right half blue: which way it is turned shows.
    static func halvesPNG(width: Int, height: Int) -> [UInt8] {
        png(width: width, height: height) { context in
            cairo_set_source_rgb(context, 1, 0, 0)
            cairo_rectangle(context, 0, 0, Double(width) / 2, Double(height))
            cairo_fill(context)
            cairo_set_source_rgb(context, 0, 0, 1)
            cairo_rectangle(context, Double(width) / 2, 0, Double(width) / 2, Double(height))
            cairo_fill(context)
        }
    }

    /// What ImageMagick's `convert` makes of `arguments` (the last is the output's name in
    /// `folder`, with its format's prefix if any), read back.
    static func convert(_ arguments: [String], in folder: TemporaryDirectory) throws -> [UInt8] {
        var arguments = arguments
        let output = arguments.removeLast()
        let (prefix, name) =
            output.contains(":") ? (String(output.split(separator: ":")[0]) + ":", String(output.split(separator: ":")[1])) : ("", output)
        let path = folder.file(name)
        try runTool("/usr/bin/convert", arguments + [prefix + path])
        return try FileSystem.readFile(path)
    }

    /// A JPEG of `bytes`' PNG (quality 92).
    static func jpeg(fromPNG bytes: [UInt8], in folder: TemporaryDirectory, name: String = "picture.jpg") throws -> [UInt8] {
        let source = folder.file("source-\(name).png")
        try Data(bytes).write(to: URL(fileURLWithPath: source))
        return try convert([source, "-quality", "92", name], in: folder)
    }

    /// `jpeg` with an EXIF APP1 segment saying `orientation` (1–8) right after its SOI.
    static func withOrientation(_ orientation: UInt16, _ jpeg: [UInt8]) -> [UInt8] {
        // "Exif\0\0", a big-endian TIFF header, one IFD of one entry: 0x0112 SHORT 1 value.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1,
            UInt8(orientation >> 8), UInt8(orientation & 0xFF), 0, 0, 0, 0, 0, 0,
        ]
        let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg.dropFirst(2)
    }
}
