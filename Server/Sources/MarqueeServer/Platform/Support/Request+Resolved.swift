import Vapor

extension Request {
    /// What a route group's middleware resolved for this request (who is asking, which app). A
    /// route registered outside that group finds nothing: it is refused, and logged, rather than
    /// served unchecked.
    func resolved<Key: StorageKey>(_ key: Key.Type, by middleware: String) throws -> Key.Value {
        guard let value = storage[key] else {
            logger.critical("route reached without \(middleware)", metadata: ["path": "\(url.path)"])
            throw APIError.forbidden
        }
        return value
    }
}
