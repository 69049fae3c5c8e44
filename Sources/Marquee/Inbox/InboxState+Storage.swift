import Foundation
import MarqueeModel

/// How an inbox is stored: a compact binary layout that loads 10,000 messages in a few
/// milliseconds (JSON with ISO 8601 dates took seconds on Linux), read and written only here.
///
/// Layout 1, after the magic bytes `MQIN` and the layout number: the identity key, the sync token
/// (optional), the number of messages, then each message: id, delivery time, a flags byte (read,
/// has an expiry, HTML body), the expiry, title, body, image URL (optional), main action
/// (optional), buttons, custom data. Times are seconds since 2001 as 8-byte doubles, exactly
/// as `Date` holds them.
///
/// Files written before this layout are JSON (`{"identityKey": …, "messages": {id: message}}`):
/// they are still read, and rewritten in the layout once read. A file in a layout this version
/// does not know (from a newer SDK) is reported and removed, and the next refresh syncs the
/// whole inbox again.
extension InboxState: CompactStorable {
    private static let magic: [UInt8] = Array("MQIN".utf8)
    private static let layout: UInt8 = 1

    private enum Flag {
        static let read: UInt8 = 1
        static let expires: UInt8 = 2
        static let html: UInt8 = 4
    }

    /// The JSON files of SDKs before the binary layout.
    private struct LegacyFile: Decodable {
        var identityKey: String
        var messages: [String: InboxMessage]
        var syncToken: String?
    }

    static func isCurrentLayout(_ data: Data) -> Bool {
        data.count > magic.count && data.prefix(magic.count).elementsEqual(magic) && data[data.startIndex + magic.count] == layout
    }

    init(storedData data: Data) throws {
        guard data.prefix(Self.magic.count).elementsEqual(Self.magic) else {
            let legacy = try MarqueeJSONCoders.decoder.decode(LegacyFile.self, from: data)
            self.init(identityKey: legacy.identityKey)
            messages = legacy.messages
            syncToken = legacy.syncToken
            return
        }
        var reader = BinaryReader(data)
        _ = try reader.bytes(Self.magic.count)
        let layout = try reader.byte()
        guard layout == Self.layout else { throw BinaryFormatError("inbox layout \(layout) is newer than this SDK") }
        self.init(identityKey: try reader.string())
        syncToken = try reader.optionalString()
        let count = try reader.count()
        messages.reserveCapacity(count)
        for _ in 0..<count {
            let message = try Self.readMessage(&reader)
            messages[message.id] = message
        }
        guard reader.isAtEnd else { throw BinaryFormatError("the inbox has bytes after its last message") }
    }

    func storedData() -> Data {
        var writer = BinaryWriter(capacity: 64 + messages.count * 400)
        writer.write(Self.magic)
        writer.write(Self.layout)
        writer.write(identityKey)
        writer.write(syncToken)
        writer.write(count: messages.count)
        for message in messages.values { Self.write(message, to: &writer) }
        return Data(writer.bytes)
    }

    // MARK: - Messages

    private static func write(_ message: InboxMessage, to writer: inout BinaryWriter) {
        let content = message.content
        writer.write(message.id)
        writer.write(message.deliveredAt.timeIntervalSinceReferenceDate)
        var flags: UInt8 = message.isRead ? Flag.read : 0
        if message.expiresAt != nil { flags |= Flag.expires }
        switch content.bodyFormat {
        case .plain: break
        case .html: flags |= Flag.html
        }
        writer.write(flags)
        if let expiresAt = message.expiresAt { writer.write(expiresAt.timeIntervalSinceReferenceDate) }
        writer.write(content.title)
        writer.write(content.body)
        writer.write(content.imageURL)
        if let action = content.mainAction {
            writer.write(UInt8(1))
            write(action, to: &writer)
        } else {
            writer.write(UInt8(0))
        }
        writer.write(count: content.buttons.count)
        for button in content.buttons {
            writer.write(button.title)
            write(button.action, to: &writer)
        }
        writer.write(count: content.customData.count)
        for (key, value) in content.customData {
            writer.write(key)
            write(value, to: &writer)
        }
    }

    private static func readMessage(_ reader: inout BinaryReader) throws -> InboxMessage {
        let id = try reader.string()
        let deliveredAt = Date(timeIntervalSinceReferenceDate: try reader.double())
        let flags = try reader.byte()
        let expiresAt = flags & Flag.expires != 0 ? Date(timeIntervalSinceReferenceDate: try reader.double()) : nil
        let title = try reader.string()
        let body = try reader.string()
        let imageURL = try reader.optionalString()
        let hasMainAction = try reader.byte() != 0
        let mainAction = hasMainAction ? try readAction(&reader) : nil
        var buttons: [InboxButton] = []
        let buttonCount = try reader.count()
        buttons.reserveCapacity(buttonCount)
        for _ in 0..<buttonCount {
            let title = try reader.string()
            buttons.append(InboxButton(title: title, action: try readAction(&reader)))
        }
        var customData: [String: JSONValue] = [:]
        for _ in 0..<(try reader.count()) {
            let key = try reader.string()
            customData[key] = try readValue(&reader, depth: 0)
        }
        let content = InboxContent(title: title, body: body, bodyFormat: flags & Flag.html != 0 ? .html : .plain,
                                   imageURL: imageURL, mainAction: mainAction, buttons: buttons, customData: customData)
        return InboxMessage(id: id, content: content, deliveredAt: deliveredAt, expiresAt: expiresAt,
                            isRead: flags & Flag.read != 0)
    }

    // MARK: - Actions

    private static func write(_ action: InboxAction, to writer: inout BinaryWriter) {
        switch action.type {
        case .browser: writer.write(UInt8(0))
        case .deepLink: writer.write(UInt8(1))
        case .openApp: writer.write(UInt8(2))
        }
        writer.write(action.url)
    }

    private static func readAction(_ reader: inout BinaryReader) throws -> InboxAction {
        let type: InboxActionType = switch try reader.byte() {
        case 0: .browser
        case 1: .deepLink
        case 2: .openApp
        case let tag: throw BinaryFormatError("unknown inbox action \(tag)")
        }
        return InboxAction(type, url: try reader.optionalString())
    }

    // MARK: - Custom data

    private static func write(_ value: JSONValue, to writer: inout BinaryWriter) {
        switch value {
        case .null:
            writer.write(UInt8(0))
        case .bool(let flag):
            writer.write(flag ? UInt8(2) : UInt8(1))
        case .number(let number):
            writer.write(UInt8(3))
            writer.write(number)
        case .string(let text):
            writer.write(UInt8(4))
            writer.write(text)
        case .array(let items):
            writer.write(UInt8(5))
            writer.write(count: items.count)
            for item in items { write(item, to: &writer) }
        case .object(let members):
            writer.write(UInt8(6))
            writer.write(count: members.count)
            for (key, member) in members {
                writer.write(key)
                write(member, to: &writer)
            }
        }
    }

    private static func readValue(_ reader: inout BinaryReader, depth: Int) throws -> JSONValue {
        // A damaged file must not recurse without end.
        guard depth <= JSONValue.maxReadDepth else { throw BinaryFormatError("custom data nests too deep") }
        switch try reader.byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try reader.double())
        case 4: return .string(try reader.string())
        case 5:
            var items: [JSONValue] = []
            for _ in 0..<(try reader.count()) { items.append(try readValue(&reader, depth: depth + 1)) }
            return .array(items)
        case 6:
            var members: [String: JSONValue] = [:]
            for _ in 0..<(try reader.count()) {
                let key = try reader.string()
                members[key] = try readValue(&reader, depth: depth + 1)
            }
            return .object(members)
        case let tag:
            throw BinaryFormatError("unknown custom data value \(tag)")
        }
    }
}
