/// An expectation's type, with the keys it reads: ``ContractCase/expected(as:)`` refuses any
/// other key, so a runner cannot pass a case by ignoring part of it.
public protocol ContractExpectation: Decodable {
    static var keys: Set<String> { get }
}
