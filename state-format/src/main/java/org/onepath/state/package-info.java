/**
 * The snapshot byte format, version 1, and the tools engines use to write and read it.
 *
 * <h2>Why a module of its own</h2>
 * Snapshot and restore are a contract with files that outlive any one build, so the byte-level
 * rules live in one place that knows no engine type. Engines (in modules that depend on this one)
 * serialise themselves with {@link org.onepath.state.StateWriter} and
 * {@link org.onepath.state.StateReader} and the shared pieces below; this module never depends
 * on them.
 *
 * <h2>Encoding</h2>
 * <ul>
 *   <li>Every multi-byte value is little-endian and unaligned, through the layouts of
 *       {@link org.onepath.state.LittleEndian} (which the store files and mapped tables use
 *       too).</li>
 *   <li>i32 / i64: two's-complement signed integers; u8 / u16 / u64: unsigned.</li>
 *   <li>f64: an IEEE 754 binary64 stored by its raw bit pattern, so a restore reproduces every
 *       double exactly.</li>
 *   <li>flag: a u8 that is 0 (false) or 1 (true); any other byte is an error.</li>
 *   <li>A count is an i32 and must lie in 0..the object's bound (its node count, say).</li>
 * </ul>
 *
 * <h2>Structure</h2>
 * A snapshot is an 8-byte header ({@link org.onepath.state.StateLayout}): the magic number
 * 0x5347504F (the bytes 4F 50 47 53, "OPGS"), the format version 1 (u16) and the kind (u16,
 * {@link org.onepath.state.StateKind}: 1 Grid, 2 HexGrid, 3 VoxelGrid, 4 Graph, 5 GridReplanner,
 * 6 HexReplanner, 7 GridFlowField, 8 A*, 9 jump point search, 10 Theta*, 11 graph A*,
 * 12 GridSearch). The kind's payload follows and ends the data: a byte after it is an error.
 *
 * <h2>Pieces</h2>
 * Payloads are built from these, each with a layout class whose Javadoc draws it:
 * <ul>
 *   <li>{@link org.onepath.state.SpacePiece} - a grid's world placement: originX, originY,
 *       cellSize (f64 each; a voxel grid adds originZ before cellSize). All zero means
 *       unassigned; otherwise |origin| &lt;= 2^21 and 0 &lt; cellSize &lt;= 2^21.</li>
 *   <li>{@link org.onepath.state.AreasPiece} - an area-cost table: i32 version &gt;= 0, then the
 *       multipliers of areas 0..254 (f64, each &gt; 0 and finite). Area 255 is the wall and has
 *       none.</li>
 *   <li>{@link org.onepath.state.OpenSetPiece} - a search's open set: i32 count, then each heap
 *       slot in heap-array order as i32 node, f64 F, f64 G. Nodes are distinct and in range, keys
 *       not NaN, and (a separate, optional check) no slot precedes its parent, slot (i-1)/4, in
 *       the order smaller F, larger G, smaller node.</li>
 *   <li>{@link org.onepath.state.ReplanOpenSetPiece} - a replanner's open set: the same shape with
 *       keys key1, key2; no order check.</li>
 *   <li>{@link org.onepath.state.SearchBuffersPiece} - a search's memory: i32 visited count, the
 *       visited records in increasing node order (i32 node, flag closed, f64 g, i32 parent or -1),
 *       an open-set piece, then i32 expanded count and the expanded nodes. Parents must be visited,
 *       no costlier than their child, and free of cycles; open nodes must be visited and open.</li>
 * </ul>
 *
 * <h2>Hostile bytes</h2>
 * A reader bounds every count by the object's size and by the bytes left (count times item size)
 * before allocating for it, so a crafted count cannot exhaust memory, and every defect in the
 * bytes surfaces as an {@link org.onepath.state.OnePathFormatException} subtype naming the field,
 * its value, its byte offset and what was expected - never another exception and never a hang.
 * Writers refuse, with {@link java.lang.IllegalArgumentException}, exactly the values a reader
 * would reject, so nothing a writer accepts fails to read back.
 */
package org.onepath.state;
