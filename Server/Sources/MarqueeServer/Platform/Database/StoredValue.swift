import Foundation

/// A value of a row written by ``RowInsert``: the types the high-rate writers store, kept apart
/// so each database can bind them its fastest way while storing exactly what Fluent would.
///
/// It encodes as the value it holds, so it is also a bind for any SQLKit query (PostgreSQL
/// binds the value natively; SQLite takes ``sqliteData`` directly).
enum StoredValue: Sendable, Encodable {
    case uuid(UUID)
    case text(String?)
    case integer(Int?)
    case bool(Bool)
    case date(Date)
    case bytes(Data?)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .uuid(let value): try container.encode(value)
        case .text(let value?): try container.encode(value)
        case .text(nil): try container.encodeNil()
        case .integer(let value?): try container.encode(value)
        case .integer(nil): try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .bytes(let value?): try container.encode(value)
        case .bytes(nil): try container.encodeNil()
        }
    }
}
