import Foundation
@testable import JSONRPC
import TestSupport
import Testing

/// What the soak starts from and pastes: the tables and look-alikes of Markdown and of reStructuredText.
extension ModelDocument {
    static let blocks = [
        """
        | k | 値 | n |
        |---|:-:|--:|
        | 😀 | e\u{301} | 3 |

        """,
        """
        +----+------+
        | a  | 東京 |
        +====+======+
        | 1  | 2    |
        +----+------+

        """,
        """
        +---+---+
        | merged  |
        +---+---+
        | x | y |
        +---+---+

        """,
        """
        ```
        | not | a table |
        |---|---|
        ```

        """,
        """
        > | q | r |
        > |---|---|
        > | 1 | 2 |

        """,
        """
        - item

          | in | list |
          |----|------|
          | 🇯🇵 | x |

        """,
        "Some text with a | pipe and a surrogate pair 𝄞.\n",
        // Look-alikes and broken grid tables: their diagnostics must move and mend with the edits.
        """
        | a | b |
        |---|

        """,
        """
        +---+
        | a |
        +---+
        b | c
        -|-

        """,
        """
        +---+---+
        | a | b |
        +---+   |
        | c     |
        +---+---+

        """,
        """
        +---+---+
        | a | b |
        +-------+
        | c | d |

        """,
        // A diagnostic after wide characters on its line (an extra cell).
        """
        | a | b |
        |---|---|
        | 東 é | 😀 | 3 |

        """,
    ]

    static let startRST = """
        Soak
        ====

        =====  =====  ====
        name   東京   note
        =====  =====  ====
        a 😀   1      x
               2
        b      a span
        -----  -----------
        =====  =====  ====

        .. list-table:: T
           :header-rows: 1

           * - a
             - b
           * - c
             - d

        +---+----+
        | a | bb |
        +===+====+
        | 1 | 2  |
        +---+----+

        """

    static let blocksRST = [
        """
        ===  ===
        k    値
        ===  ===
        😀   e\u{301}
        \\    3
        ===  ===

        """,
        """
        ==  ==
        a   b
            c
        ==  ==

        """,
        """
        .. list-table::

           * - x
             - y
           * - z

        """,
        """
        .. list-table::
           :widths: 1 2

           * - x
             - y
           * - z
             - w

        """,
        """
        +----+------+
        | a  | 東京 |
        +====+======+
        | 1  | 2    |
        +----+------+

        """,
        """
        Code::

          ===  ===
          a    b
          ===  ===

        """,
        """
        ===  ===
        no   bottom

        """,
        """
        ===  ===
        a    b
        ccccccc
        ===  ===

        """,
        // Tables where docutils starts an element without a blank line, a title on two lines, row groups
        // and a column of numbers flush right, an item whose text is a simple table.
        """
        Title
        =====
        +---+---+
        | a | b |
        +---+---+

        """,
        """
        .. comment
        .. list-table::

           * - a
             - b

        """,
        """
        .. list-table:: A title
           on two lines
           :header-rows: 1

           * - a
           * - b

        """,
        """
        =====  =====
        Name   Count
        =====  =====
        ab         3
        -----  -----
        cd        12
        =====  =====

        """,
        """
        - ===  ===
          a    b
               more

          ===  ===
        - item

        """,
    ]

    static func start(crlf: Bool) -> String {
        let text = """
            # Soak

            | name | 東京 | note |
            |:-|-:|:-:|
            | a 😀 | 1 | x |
            | 👨‍👩‍👧 | 22 | cafe\u{301} |

            Text | pipe.

            +---+----+
            | a | bb |
            +===+====+
            | 1 | 2  |
            +---+----+

            """
        return crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
    }
}
