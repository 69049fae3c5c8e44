import MarqueeModel
import MarqueeTesting

/// An event attribute as the trigger tester takes it: a name, a type and the value as text, which
/// the route reads with `AttributeValue(text:type:)`. Made only when that reading gives back
/// exactly the case's value, so no case is run with a value it does not hold.
struct TriggerTestAttribute: Encodable {
    let name: String
    let type: AttributeType
    let value: String

    init(name: String, value: AttributeValue, in contractCase: ContractCase) throws {
        let text = value.text
        guard AttributeValue(text: text, type: value.type) == value else {
            throw ContractError.malformed(contractCase.id, """
                the trigger tester cannot take \(name)'s value exactly (as text: \(text)); \
                declare the case in contract/skips/server.json
                """)
        }
        self.name = name
        self.type = value.type
        self.value = text
    }
}
