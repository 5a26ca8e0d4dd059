extension InterpreterOptions.Backend {
    /// The backends the interpreter asks, in order, before falling back to the reference backend.
    ///
    /// With `.xnnpack`, our fast kernels take the nodes XNNPACK runs slowly (``FastBackend``, on
    /// processors with AVX-512 or AVX2 and FMA), XNNPACK the rest it supports, and the Swift gap
    /// kernels some of what it lacks. Between fast kernels XNNPACK gets one runtime per node (or per
    /// pair it fuses): many multi-node runtimes each plan their own workspace and run slower (see
    /// ``XNNPACKBackend/fusesOnlyWhatXNNPACKFuses``).
    ///
    /// PAD goes to the reference kernel (one clear, then one copy per row): Debian's 2022 XNNPACK
    /// pads through its thread pool one row per call, which made the channel PADs of the face
    /// detectors a tenth of their time (1.0 → 0.89 ms). PADs of rows and columns before a
    /// convolution are folded into it at load (``Graph/foldingSpatialPads()``).
    ///
    /// Where XNNPACK's matrix products add their terms in another order than on other processors
    /// (``XNNPACKProductOrder``), the fast kernels take their built-in set there too, so that no
    /// result depends on the processor XNNPACK finds.
    ///
    /// With `.builtIn`, the fast kernels take every convolution and fully connected layer,
    /// whatever the processor, summing in XNNPACK's order, and the Swift gap and reference kernels
    /// the rest.
    package func makeBackends(threadCount: Int) throws(InferenceError) -> [any Backend] {
        switch self {
        case .reference:
            return []
        case .builtIn:
            return [FastBackend(builtIn: true), SwiftGapBackend()]
        case .xnnpack:
            #if XNNPACK
            if FastBackend.isVectorized {
                // Where XNNPACK's products add their terms in another order (its Zen kernels),
                // the fast kernels take every product, so that the bits are those of every
                // other processor (``XNNPACKProductOrder``).
                let takesProducts = !XNNPACKProductOrder.isSequential
                return [FastBackend(builtIn: takesProducts),
                        XNNPACKBackend(fusesOnlyWhatXNNPACKFuses: true,
                                       leavesNode: takesProducts ? FastBackend.claimsAsBuiltIn : FastBackend.claims,
                                       declinedOperators: [.pad]),
                        SwiftGapBackend()]
            }
            return Self.xnnpackAloneBackends()
            #else
            throw .backendUnavailable(name: rawValue)
            #endif
        }
    }

    #if XNNPACK
    /// XNNPACK without our fast kernels (and the Swift gap kernels): what `.xnnpack` uses on
    /// processors the fast kernels do not vectorize for, and what `bench model --beside-xnnpack`
    /// compares them with.
    package static func xnnpackAloneBackends() -> [any Backend] {
        [XNNPACKBackend(declinedOperators: [.pad]), SwiftGapBackend()]
    }
    #endif
}
