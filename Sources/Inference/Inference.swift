// The inference engine: graph, memory plan and kernels for TFLite models.
