/// Hands a value that is not `Sendable` to another thread or queue where the code around it
/// guarantees that one thread uses it at a time (a processor behind a lock, a callback called
/// once on its queue, a reader given to its decoding thread). The one such escape hatch of the
/// package, visible to the package only.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(_ value: Value) { self.value = value }
}
