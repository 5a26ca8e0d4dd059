/// `vision-tasks inspect MODEL_OR_TASK`: inputs, outputs and operators of a model or bundle.
struct InspectCommand: Command {
    static let name = "inspect"
    static let summary = "List a model's or bundle's inputs, outputs and operators"
    static let help = """
        Usage: vision-tasks inspect MODEL_OR_TASK

        Prints, for a .tflite model or every model inside a .task bundle: the inputs and outputs
        (name, shape, type, normalization from the model metadata), the operators used with
        their counts, the tensor count and the parameter bytes.

        Examples:
          vision-tasks inspect assets/models/face_landmarker.task
          vision-tasks inspect assets/models/pose_detection.tflite
        """
    static let options: [OptionDeclaration] = []

    let path: String

    init(arguments: ArgumentList) throws(UsageError) {
        path = try arguments.onePositional("MODEL_OR_TASK")
    }

    func run() throws {
        let file = try ModelListing(path: path)
        if !file.bundleMembers.isEmpty {
            print("\(path): .task bundle with \(file.bundleMembers.count) members: \(file.bundleMembers.joined(separator: ", "))\n")
        }
        for entry in file.entries {
            print("== \(entry.name)")
            print(entry.model.summary.text)
        }
    }
}
