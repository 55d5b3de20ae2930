/// Version 5's removals record (`docs/FORMAT.md`): the marks taken off the drawing, kept
/// whole in a plain group, and each taking off and putting back with its time. Trusted no
/// more than the drawing: every item must name a mark, each mark's entries must alternate
/// from a taking off, a mark on the drawing must end put back and a mark gone must end taken
/// off, and the gone marks must come in the order the entries first name them (one spelling).
extension ScribbleReaderV2 {
    mutating func readHistory(isComplete: Bool, onDrawing: Int, isMark: (Int) -> Bool) throws(ScribbleFormatError)
        -> RemovalHistory?
    {
        guard version >= 5 else { return nil }
        // Version 6 keeps the record only when something was taken off (its content store
        // makes it version 6 whether or not).
        if version >= 6, input.remaining == 0 || input.bytes[input.offset] != ScribbleFormat.Tag.removals.rawValue { return nil }
        guard input.remaining > 0, try input.uint8() == ScribbleFormat.Tag.removals.rawValue else {
            throw .corrupt("the marks taken off are missing")
        }
        guard isComplete else { throw .corrupt("an incremental file keeps marks taken off") }
        guard try input.uint8() == ScribbleFormat.Tag.stroke.rawValue else { throw .corrupt("the marks taken off are not a group") }
        let gone = try readStroke(depth: 0)
        guard gone.color == nil, !gone.hasPressure, !gone.isLocked, gone.times == .untimed, gone.size == 1,
            !gone.elements.contains(where: { if case .vertex = $0 { true } else { false } })
        else { throw .corrupt("the group of marks taken off is not plain") }
        // An entry takes two bytes at least: its item and its time.
        let count = try input.count(atMost: input.remaining / 2, .corrupt("more removals are declared than the file holds"))
        guard count > 0 else { throw .corrupt("no mark was taken off") }
        let items = UInt64(onDrawing + gone.count)
        var entries: [RemovalHistory.Entry] = []
        entries.reserveCapacity(count)
        var isOff: [Int: Bool] = [:] // each item named so far: whether its last entry took it off
        var nextGone = 0
        for _ in 0..<count {
            let code = try input.varint()
            guard code >> 1 < items else { throw .corrupt("a removal names no mark") }
            let item = Int(code >> 1), isReturn = code & 1 == 1
            let time = try input.varint()
            guard time <= ScribbleFormat.maximumTime else { throw .corrupt("a time is out of range") }
            if item < onDrawing {
                guard isMark(item) else { throw .corrupt("a removal names no mark") }
            } else if item - onDrawing == nextGone {
                nextGone += 1
            } else if item - onDrawing > nextGone {
                throw .corrupt("the marks taken off are out of order")
            }
            guard isReturn == (isOff[item] ?? false) else { throw .corrupt("a mark is taken off twice or put back unremoved") }
            isOff[item] = !isReturn
            entries.append(RemovalHistory.Entry(item: item, time: Int64(time), isReturn: isReturn))
        }
        guard nextGone == gone.count else { throw .corrupt("a mark taken off is never named") }
        for (item, off) in isOff where off != (item >= onDrawing) {
            throw .corrupt(off ? "a mark on the drawing was last taken off" : "a mark gone was last put back")
        }
        return RemovalHistory(gone: gone, entries: entries)
    }
}
