/// What makes a contract file or case unusable.
public enum ContractError: Error, CustomStringConvertible {
    case unreadableFile(String, String)
    case unknownArea(String)
    case unknownKind(String, String)
    case unknownExpectation(String, [String])
    case malformed(String, String)

    public var description: String {
        switch self {
        case .unreadableFile(let file, let why): "\(file) is not a contract file: \(why)"
        case .unknownArea(let id): "\(id): this runner does not know the area"
        case .unknownKind(let id, let kind): "\(id): this runner does not know the kind \"\(kind)\""
        case .unknownExpectation(let id, let keys): "\(id): the expectation has keys this runner does not check: \(keys.joined(separator: ", "))"
        case .malformed(let id, let why): "\(id): \(why)"
        }
    }
}
