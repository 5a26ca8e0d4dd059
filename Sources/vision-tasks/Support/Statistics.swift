/// Summary statistics of a run of numbers.
struct Statistics {
    var minimum: Float = .infinity
    var maximum: Float = -.infinity
    var mean: Double = 0
    var nonFiniteCount = 0

    init<C: Collection>(_ values: C) where C.Element == Float {
        var sum = 0.0
        var finite = 0
        for value in values {
            guard value.isFinite else { nonFiniteCount += 1; continue }
            minimum = Swift.min(minimum, value)
            maximum = Swift.max(maximum, value)
            sum += Double(value)
            finite += 1
        }
        mean = finite > 0 ? sum / Double(finite) : .nan
    }
}
