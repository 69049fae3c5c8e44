import Foundation
import MarqueeModel

/// Files in the SDK's storage directory: JSON, or a value's own layout (``CompactStorable``).
/// Writes are atomic (a temporary file renamed over the old one), and an unreadable file is
/// reported, removed and treated as empty: never a crash.
struct FileStore: Sendable {
    let directory: URL
    let report: @Sendable (MarqueeError) -> Void

    /// Reads `name`; `nil` when absent or unreadable (then it is reported and removed).
    func read<Value: Decodable>(_ type: Value.Type, from name: String) -> Value? {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            return try MarqueeJSONCoders.decoder.decode(type, from: data)
        } catch {
            report(.storageReset(file: name, description: String(describing: error)))
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Reads `name` in `Value`'s own layout; a file in an older layout is rewritten in the current one.
    ///
    /// The file is mapped, not read: pages the value does not touch while loading (the campaigns'
    /// encoded messages) are read from disk only when used, and cost no memory until then. Writes
    /// rename a new file over the old one, so a mapped file never changes under its reader.
    func read<Value: CompactStorable>(_ type: Value.Type, from name: String) -> Value? {
        let url = directory.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        do {
            let value = try Value(storedData: data)
            if !Value.isCurrentLayout(data) { write(value, to: name) }
            return value
        } catch {
            report(.storageReset(file: name, description: String(describing: error)))
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    /// Writes `value` to `name` atomically.
    func write<Value: Encodable>(_ value: Value, to name: String) {
        write(to: name) { try MarqueeJSONCoders.encoder.encode(value) }
    }

    /// Writes `value` to `name` atomically, in its own layout.
    func write<Value: CompactStorable>(_ value: Value, to name: String) {
        write(to: name) { value.storedData() }
    }

    private func write(to name: String, encoding encode: () throws -> Data) {
        let url = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try encode()
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            report(.storageWrite(file: name, description: String(describing: error)))
        }
    }

    /// The file name of `identityKey`'s bucket.
    static func bucketFileName(for identityKey: String) -> String {
        userFileStem(for: identityKey) + ".json"
    }

    /// The start of the names of `identityKey`'s files: a readable prefix plus a hash, safe on every file system.
    static func userFileStem(for identityKey: String) -> String {
        let hash = StableHash.fnv1a(identityKey)
        let readable = identityKey.unicodeScalars.prefix(24).map {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "_"
        }.joined()
        return "user-\(readable)-\(String(hash, radix: 16))"
    }
}
