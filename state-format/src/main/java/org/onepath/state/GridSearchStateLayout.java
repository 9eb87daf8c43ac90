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

    public static final int MODE_NOT_BEGUN = 0;
    public static final int MODE_SPECIALISED_ASTAR = 1;
    public static final int MODE_GENERIC = 2;
    public static final int MODE_SPECIALISED_JUMP = 3;

    /** Mode 3's finder code: jump point scans over the block bit maps. */
    public static final int FINDER_BLOCK_SCANS = 0;
    /** Mode 3's finder code: jump point distances from the JPS+ tables. */
    public static final int FINDER_JPS_PLUS_TABLES = 1;

    public static final long MODE_OFFSET = StateLayout.HEADER_BYTES;
    public static final long WIDTH_OFFSET = MODE_OFFSET + StateLayout.U8_BYTES;
    public static final long HEIGHT_OFFSET = WIDTH_OFFSET + StateLayout.I32_BYTES;
    public static final long MODE_FIELDS_OFFSET = HEIGHT_OFFSET + StateLayout.I32_BYTES;
    /** Mode 3's u8 finder, the first of its fields. */
    public static final long FINDER_OFFSET = MODE_FIELDS_OFFSET;

    /** Offsets within the fixed fields of modes 1 and 3, from the status byte. */
    public static final long STATUS_OFFSET = 0;

    public static final long ZERO_ESTIMATE_OFFSET = STATUS_OFFSET + StateLayout.U8_BYTES;
    public static final long START_OFFSET = ZERO_ESTIMATE_OFFSET + StateLayout.U8_BYTES;
    public static final long GOAL_OFFSET = START_OFFSET + StateLayout.I32_BYTES;
    public static final long EXPANDED_OFFSET = GOAL_OFFSET + StateLayout.I32_BYTES;
    public static final long ITERATIONS_OFFSET = EXPANDED_OFFSET + StateLayout.I32_BYTES;
    public static final long PATH_A_OFFSET = ITERATIONS_OFFSET + StateLayout.I32_BYTES;
    public static final long PATH_B_OFFSET = PATH_A_OFFSET + StateLayout.I32_BYTES;
    public static final long VISITED_COUNT_OFFSET = PATH_B_OFFSET + StateLayout.I32_BYTES;

    /** Mode 1 visited record: i32 cell, i32 a, i32 b, u8 flags. */
    public static final long ASTAR_RECORD_BYTES = 3 * StateLayout.I32_BYTES + StateLayout.U8_BYTES;
    /** Mode 3 visited record: i32 cell, i32 a, i32 b, i32 parent, u8 flags. */
    public static final long JUMP_RECORD_BYTES = 4 * StateLayout.I32_BYTES + StateLayout.U8_BYTES;
    /** Mode 3 heap slot: f64 F, u64 T. */
    public static final long JUMP_HEAP_SLOT_BYTES = StateLayout.F64_BYTES + StateLayout.I64_BYTES;
    /** Mode 3 stack entry: i32 cell. */
    public static final long JUMP_STACK_ENTRY_BYTES = StateLayout.I32_BYTES;

    /** Offsets within the fields of mode 2, from startX. */
    public static final long GENERIC_START_X_OFFSET = 0;

    public static final long GENERIC_START_Y_OFFSET = GENERIC_START_X_OFFSET + StateLayout.I32_BYTES;
    public static final long GENERIC_GOAL_X_OFFSET = GENERIC_START_Y_OFFSET + StateLayout.I32_BYTES;
    public static final long GENERIC_GOAL_Y_OFFSET = GENERIC_GOAL_X_OFFSET + StateLayout.I32_BYTES;
    public static final long GENERIC_LENGTH_OFFSET = GENERIC_GOAL_Y_OFFSET + StateLayout.I32_BYTES;
    /** Mode 2: the bytes of the four ends and the length before the embedded state. */
    public static final long GENERIC_HEAD_BYTES = GENERIC_LENGTH_OFFSET + StateLayout.I32_BYTES;
}
