/// A compiled operator. It is bound to its tensors' memory when it is made, so ``invoke()``
/// neither allocates nor validates: all checks happen at load.
package protocol Kernel: AnyObject {
    func invoke()
}
