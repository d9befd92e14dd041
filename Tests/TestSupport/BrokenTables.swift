/// Broken tables that several test suites need alike.
public enum BrokenTables {
    /// A grid table whose top border has a `+` on no column line (column 10): written over with `-`, or
    /// the column line drawn on below, its lines read as different tables. Which was meant is the writer's
    /// to say, so no fix is safe. Ends with a blank line.
    public static let slipWithChoices = """
        +--------+-------+-----+-----+
        |     alpha 42 x |    alpha  |
        | beta           | alpha x   |
        |      x 42 x    |           |
        |                |  42 alpha |
        +----------------+-----+-----+

        """
}
