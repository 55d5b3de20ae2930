/// The companies TouchPainter can be branded for (book chapter 5): chosen at launch with
/// `--brand` or `TOUCHPAINTER_BRAND`; none means plain GTK.
enum Brand: String, CaseIterable, Sendable {
    /// Acme Corporation: warm orange.
    case acme
    /// Sierra Corporation: mountain blue.
    case sierra
    /// Slate: high contrast, black and white.
    case slate

    /// The brand named `name` (case-insensitive); `nil` for an empty name (no brand).
    /// - Throws: `UnknownBrand` for any other name.
    static func named(_ name: String?) throws(UnknownBrand) -> Brand? {
        guard let name, !name.isEmpty else { return nil }
        guard let brand = Brand(rawValue: name.lowercased()) else { throw UnknownBrand(name: name) }
        return brand
    }
}

/// A brand name that is not one of `Brand`'s: a usage error naming the valid ones.
struct UnknownBrand: Error, CustomStringConvertible {
    /// What was asked for.
    let name: String

    var description: String {
        "unknown brand “\(name)”; valid brands: " + Brand.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
