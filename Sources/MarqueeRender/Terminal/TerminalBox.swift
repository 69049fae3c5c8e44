import MarqueeModel

/// Draws content lines inside a box-drawing frame, placed within the terminal's width.
struct TerminalBox {
    /// The frame's line style; each kind has its own so the layout reads at a glance.
    enum Border {
        case rounded, double, square

        var characters: (topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, horizontal: String, vertical: String) {
            switch self {
            case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
            case .double: ("╔", "╗", "╚", "╝", "═", "║")
            case .square: ("┌", "┐", "└", "┘", "─", "│")
            }
        }
    }

    /// Where the box sits in the terminal line.
    enum Placement {
        case left, center, right
    }

    var border: Border
    /// Total width including the frame.
    var width: Int
    var placement: Placement
    /// The terminal width the box is placed in.
    var availableWidth: Int
    var frameStyle: TerminalStyle
    var background: HexColor?
    /// A short label in the top edge (the message kind), dropped when it does not fit.
    var label: String?

    /// Columns available for content: the frame and one space of padding on each side.
    var innerWidth: Int { width - 4 }

    /// Columns before the box.
    var offset: Int {
        switch placement {
        case .left: 0
        case .center: (availableWidth - width) / 2
        case .right: availableWidth - width
        }
    }

    /// The framed lines; each content line must be at most ``innerWidth`` columns.
    func lines(_ content: [TerminalLine]) -> [TerminalLine] {
        let border = self.border.characters
        let indent = String(repeating: " ", count: max(0, offset))
        let fill = TerminalStyle(background: background)
        var top = TerminalLine(indent)
        if let label, !label.isEmpty, DisplayWidth.of(label) + 6 <= width {
            let rest = width - 5 - DisplayWidth.of(label)
            top.append(border.topLeft + border.horizontal + " ", frameStyle)
            top.append(label, frameStyle)
            top.append(" " + String(repeating: border.horizontal, count: rest) + border.topRight, frameStyle)
        } else {
            top.append(border.topLeft + String(repeating: border.horizontal, count: width - 2) + border.topRight, frameStyle)
        }
        var result = [top]
        for line in content {
            var framed = TerminalLine(indent)
            framed.append(border.vertical, frameStyle)
            framed.append(" ", fill)
            for span in line.spans { framed.append(span.text, span.style.over(background)) }
            framed.append(String(repeating: " ", count: max(0, innerWidth - line.width)) + " ", fill)
            framed.append(border.vertical, frameStyle)
            result.append(framed)
        }
        var bottom = TerminalLine(indent)
        bottom.append(border.bottomLeft + String(repeating: border.horizontal, count: width - 2) + border.bottomRight, frameStyle)
        result.append(bottom)
        return result
    }
}
