/// Hands a value that is not `Sendable` to another thread when the code around it guarantees that
/// only one thread uses it at a time (e.g. a ``TaskProcessor`` used under a lock).
final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
