extension String {
    /// The text a C function wrote into `buffer`: its bytes up to the first NUL (all of them when
    /// there is none), decoded as UTF-8 with invalid bytes replaced.
    package init(cBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
