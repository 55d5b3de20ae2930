/// Pattern templates (book chapter 3): marks kept to be stamped again, stored as
/// mementos in a `templates` folder beside the gallery's entries, so they outlive the app.
/// Each is `template-<N>.scribble`, a complete memento holding the one mark; N only grows,
/// so a template keeps its name ("Template N") when another is deleted.
extension ScribbleManager {
    /// A stored template: its id (file stem), number and contents.
    public struct Template: Sendable {
        /// The file stem, `template-<number>`.
        public let id: String
        /// Names it: "Template <number>".
        public let number: Int
        /// The mark, as the one top-level mark of a complete memento.
        public let memento: ScribbleMemento
    }

    /// A stored template's file, known by its name alone: listing ten thousand templates
    /// reads no file.
    public struct TemplateFile: Sendable, Hashable {
        /// The file stem, `template-<number>`.
        public let id: String
        /// Names it: "Template <number>".
        public let number: Int

        /// The file `id`, numbered `number`.
        public init(id: String, number: Int) {
            self.id = id
            self.number = number
        }
    }

    /// The folder the templates live in.
    public var templatesDirectory: String { directory + "/templates" }

    /// Every template file, oldest (lowest number) first, without reading any; a missing
    /// folder has none.
    /// - Complexity: O(n log n) in the files of the folder; one `readdir` pass.
    public func templateFiles() -> [TemplateFile] {
        let names = (try? FileSystem.names(in: templatesDirectory)) ?? []
        return names.compactMap { name -> TemplateFile? in
            Self.templateNumber(fileName: name).map { TemplateFile(id: String(name.dropLast(".scribble".count)), number: $0) }
        }
        .sorted { $0.number < $1.number }
    }

    /// Reads and decodes one template. A group's plain strokes of one or two vertices are
    /// kept packed (`PackedStroke`), as a big drawing's root keeps them: a template of a
    /// million ticks (a 23 MB file) takes 28 MB, not 96 MB of objects — and so does each
    /// stamp of it (`TransformVisitor` copies them packed).
    /// - Throws: `StorageError` if it cannot be read, `ScribbleFormatError` if it is damaged
    ///   or does not hold exactly one mark.
    /// - Complexity: O(the template's size).
    public func loadTemplate(_ file: TemplateFile) throws -> Template {
        let data = try ScribbleFile.read(templatesDirectory + "/" + file.id + ".scribble")
        let memento = try ScribbleFormat.decode(data, builder: MarkBuilder(packingGroups: true))
        guard Scribble.drawing(of: memento).count == 1 else { throw ScribbleFormatError.notAScribble }
        return Template(id: file.id, number: file.number, memento: memento)
    }

    /// Every stored template that reads back, oldest first; a damaged file is left out (and
    /// left alone).
    /// - Complexity: O(the templates' size): every file is read and decoded.
    public func templates() -> [Template] {
        templateFiles().compactMap { try? loadTemplate($0) }
    }

    /// Stores `memento` (a complete memento of one mark: `Scribble.templateMemento(of:)`) as
    /// the newest template, atomically. The new file never replaces one: if another
    /// instance (another session, or another computer through a synced folder) took the
    /// number meanwhile, the next free one is taken.
    /// - Throws: `StorageError` when it cannot be written.
    @discardableResult
    public func saveTemplate(_ memento: ScribbleMemento) throws(StorageError) -> Template {
        try FileSystem.makeDirectories(templatesDirectory)
        let data = memento.data
        for _ in 0..<100 {
            let names = (try? FileSystem.names(in: templatesDirectory)) ?? []
            let number = Self.nextTemplateNumber(after: names.compactMap(Self.templateNumber))
            let id = "template-\(number)"
            if try atomicFile(templatesDirectory + "/" + id + ".scribble").prepare(data).commit(expecting: nil) {
                return Template(id: id, number: number, memento: memento)
            }
        }
        throw StorageError(.save, path: templatesDirectory, cause: tr("other programs keep taking every new template name"))
    }

    /// Deletes the template `id`.
    /// - Throws: `StorageError` when it cannot be removed.
    public func deleteTemplate(id: String) throws(StorageError) {
        try Self.validate(id, in: templatesDirectory, for: .delete)
        try FileSystem.remove(templatesDirectory + "/" + id + ".scribble")
    }

    /// One past the highest number in use; when that would overflow (a file named
    /// `template-9223372036854775807.scribble`), the lowest number not in use. Names come
    /// from the disk, so no arithmetic on them may trap.
    /// - Complexity: O(n) in the numbers.
    static func nextTemplateNumber(after used: [Int]) -> Int {
        let (next, overflow) = (used.max() ?? 0).addingReportingOverflow(1)
        if !overflow { return next }
        let taken = Set(used)
        return (1...).first { !taken.contains($0) } ?? 1 // fewer files than numbers: always found
    }

    /// N of a file named `template-<N>.scribble`, else `nil`.
    private static func templateNumber(fileName name: String) -> Int? {
        guard name.hasPrefix("template-"), name.hasSuffix(".scribble") else { return nil }
        let digits = name.dropFirst("template-".count).dropLast(".scribble".count)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

extension Scribble {
    /// A template's memento: a deep copy of `marks` — one mark alone, several grouped as one
    /// `Stroke` of marks in drawing order — as the only top-level mark of a complete memento.
    public static func templateMemento(of marks: [Mark], title: String? = nil) -> ScribbleMemento {
        let template: Mark
        if marks.count == 1, let only = marks.first {
            template = only.copy()
        } else {
            let group = Stroke()
            marks.forEach { group.add($0.copy()) }
            template = group
        }
        let scribble = Scribble()
        scribble.root.add(template)
        return scribble.makeMemento()
    }
}
