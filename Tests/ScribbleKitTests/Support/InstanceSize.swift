/// The bytes an instance of `type` takes: the instance size in its Swift class metadata (on
/// Linux, without Objective-C interop: the kind, the superclass, two 32-bit fields, then the
/// size). Not `malloc_usable_size` of an instance, which also counts what malloc left over
/// from the free chunk it took, and so depends on everything allocated before.
func instanceSize(of type: AnyClass) -> Int {
    Int(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
}
