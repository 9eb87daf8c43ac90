package org.onepath.state;

/**
 * Layout of the GridSearch state (kind 12); {@code docs/formats/state-v1.md} draws it in full,
 * and {@link GridSearchStateFormat} reads and writes its modes and fixed fields.
 * <pre>
 *  0       8    9       13      17
 *  +-------+----+-------+-------+----------------------+
 *  |header |mode| width |height | the mode's fields    |
 *  +-------+----+-------+-------+----------------------+
 *
 *  modes 1 and 3, fixed fields (mode 3 puts a u8 finder first):
 *  0   1   2       6       10      14      18      22      26      30
 *  +---+---+-------+-------+-------+-------+-------+-------+-------+
 *  |st |z  | start | goal  |expand.|iterat.| pathA | pathB |visited|
 *  +---+---+-------+-------+-------+-------+-------+-------+-------+
 *
 *  mode 1 visited record (13):       mode 3 visited record (17):
 *  | cell | a | b | flags |          | cell | a | b | parent | flags |
 *
 *  mode 3 open list: f64 level, i32 heapCount, heapCount x (f64 F, u64 T), i32 stackCount,
 *  stackCount x i32 cell
 *
 *  mode 2: i32 startX, startY, goalX, goalY, i32 length, then the embedded kind 8 or 9 state
 * </pre>
 */
public final class GridSearchStateLayout {
    private GridSearchStateLayout() {}

    /** Mode code of a handle that has not begun a search: nothing follows the height. */
    public static final int MODE_NOT_BEGUN = 0;
    /** Mode code of the specialised A* engine: fixed fields and 13-byte visited records. */
    public static final int MODE_SPECIALISED_ASTAR = 1;
    /** Mode code of the generic core: the query's ends and an embedded kind 8 or 9 state. */
    public static final int MODE_GENERIC = 2;
    /** Mode code of the specialised jump point search: a finder, fixed fields, records, open list. */
    public static final int MODE_SPECIALISED_JUMP = 3;

    /** Mode 3's finder code: jump point scans over the block bit maps. */
    public static final int FINDER_BLOCK_SCANS = 0;
    /** Mode 3's finder code: jump point distances from the JPS+ tables. */
    public static final int FINDER_JPS_PLUS_TABLES = 1;

    /** Byte offset of the u8 mode in the state, header included: 8. */
    public static final long MODE_OFFSET = StateLayout.HEADER_BYTES;
    /** Byte offset of the i32 grid width in cells: 9. */
    public static final long WIDTH_OFFSET = MODE_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 grid height in cells: 13. */
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the first field of the mode: 17. */
    public static final long MODE_FIELDS_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Mode 3's u8 finder, the first of its fields. */
    public static final long FINDER_OFFSET = MODE_FIELDS_OFFSET;

    /**
     * Byte offset of the u8 status (1 running, 2 found, 3 no path), 0: the fixed fields of modes
     * 1 and 3 count their offsets from this byte.
     */
    public static final long STATUS_OFFSET = 0;
    /** Byte offset of the zero-estimate flag (the search ranks by cost alone, with no estimate): 1. */
    public static final long ZERO_ESTIMATE_OFFSET = STATUS_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 start cell index: 2. */
    public static final long START_OFFSET = ZERO_ESTIMATE_OFFSET + StateLayout.U8_BYTES;
    /** Byte offset of the i32 goal cell index: 6. */
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 expansion count: 10. */
    public static final long EXPANDED_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 iteration count (pops that closed a cell): 14. */
    public static final long ITERATIONS_OFFSET = EXPANDED_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 straight steps of the found path (0 otherwise): 18. */
    public static final long PATH_A_OFFSET = ITERATIONS_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 diagonal steps of the found path (0 otherwise): 22. */
    public static final long PATH_B_OFFSET = PATH_A_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of the i32 visited count, after which the visited records follow: 26. */
    public static final long VISITED_COUNT_OFFSET = PATH_B_OFFSET + StateLayout.I32_BYTES;

    /** Mode 1 visited record: i32 cell, i32 a, i32 b, u8 flags. */
    public static final long ASTAR_RECORD_BYTES = 3 * StateLayout.I32_BYTES + StateLayout.U8_BYTES;
    /** Mode 3 visited record: i32 cell, i32 a, i32 b, i32 parent, u8 flags. */
    public static final long JUMP_RECORD_BYTES = 4 * StateLayout.I32_BYTES + StateLayout.U8_BYTES;
    /** Mode 3 heap slot: f64 F, u64 T. */
    public static final long JUMP_HEAP_SLOT_BYTES = StateLayout.F64_BYTES + StateLayout.I64_BYTES;
    /** Mode 3 stack entry: i32 cell. */
    public static final long JUMP_STACK_ENTRY_BYTES = StateLayout.I32_BYTES;

    /** Byte offset of mode 2's i32 start column, 0: mode 2's fields count from it. */
    public static final long GENERIC_START_X_OFFSET = 0;
    /** Byte offset of mode 2's i32 start row: 4. */
    public static final long GENERIC_START_Y_OFFSET = GENERIC_START_X_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of mode 2's i32 goal column: 8. */
    public static final long GENERIC_GOAL_X_OFFSET = GENERIC_START_Y_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of mode 2's i32 goal row: 12. */
    public static final long GENERIC_GOAL_Y_OFFSET = GENERIC_GOAL_X_OFFSET + StateLayout.I32_BYTES;
    /** Byte offset of mode 2's i32 length in bytes of the embedded state: 16. */
    public static final long GENERIC_LENGTH_OFFSET = GENERIC_GOAL_Y_OFFSET + StateLayout.I32_BYTES;
    /** Mode 2: the bytes of the four ends and the length before the embedded state. */
    public static final long GENERIC_HEAD_BYTES = GENERIC_LENGTH_OFFSET + StateLayout.I32_BYTES;
}
