extension KeyedDecodingContainer {
    /// Decodes an optional key, falling back to `defaultValue` when the key is absent or null.
    /// Marquee's JSON lets clients omit every field that has a sensible default.
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key, default defaultValue: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(type, forKey: key) ?? defaultValue()
    }
}
