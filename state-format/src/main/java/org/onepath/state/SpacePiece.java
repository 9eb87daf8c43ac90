package org.onepath.state;

import java.util.Objects;

/**
 * The space piece: where a grid sits in the world. A square or hex grid stores
 * {@link GridSpaceLayout three values}, a voxel grid {@link VoxelSpaceLayout four}.
 *
 * <p>Rule: every value zero is the unassigned default (unit cells at the origin). Any other space
 * needs |origin| &lt;= 2^21 on every axis and 0 &lt; cellSize &lt;= 2^21, the bound that keeps world
 * coordinates exact in the engines' fixed point. NaN breaks both rules.
 */
public final class SpacePiece {
    private SpacePiece() {}

    /** The bound on origins and cell sizes, 2^21. */
    public static final double LIMIT = 2097152.0;

    /**
     * The three values of a square or hex grid's space, as stored. Checked when written or read.
     *
     * @param originX  world x of the grid's origin corner, |originX| &lt;= 2^21
     * @param originY  world y of the origin, |originY| &lt;= 2^21
     * @param cellSize world length of a cell's side, 0 &lt; cellSize &lt;= 2^21 (or all three 0,
     *                 unassigned)
     */
    public record Grid(double originX, double originY, double cellSize) {
        /** The unassigned default. */
        public static final Grid UNASSIGNED = new Grid(0, 0, 0);
    }

    /**
     * The four values of a voxel grid's space, as stored. Checked when written or read.
     *
     * @param originX  world x of the grid's origin corner, |originX| &lt;= 2^21
     * @param originY  world y of the origin, |originY| &lt;= 2^21
     * @param originZ  world z of the origin, |originZ| &lt;= 2^21
     * @param cellSize world length of a voxel's edge, 0 &lt; cellSize &lt;= 2^21 (or all four 0,
     *                 unassigned)
     */
    public record Voxel(double originX, double originY, double originZ, double cellSize) {
        /** The unassigned default. */
        public static final Voxel UNASSIGNED = new Voxel(0, 0, 0, 0);
    }

    /**
     * Writes a grid space ({@link GridSpaceLayout#SPACE_BYTES} bytes). Nothing is written when
     * the space breaks the rule.
     *
     * @param writer where the bytes go, at its current position
     * @param space  the space; all zero, or within the bounds of the class comment
     * @throws NullPointerException     if {@code space} is null
     * @throws IllegalArgumentException naming the value and the bound if the space breaks the rule
     */
    public static void writeGrid(StateWriter writer, Grid space) {
        Objects.requireNonNull(space, "space");
        checkGrid(space, 0, Complaint.ARGUMENT);
        writer.f64(space.originX()).f64(space.originY()).f64(space.cellSize());
    }

    /**
     * Reads and checks a grid space written by {@link #writeGrid(StateWriter, Grid)}.
     *
     * @param reader the bytes, positioned at the piece; it advances by
     *               {@link GridSpaceLayout#SPACE_BYTES}
     * @return the space, all zero or within the bounds
     * @throws OnePathFormatException (the reader's subtype) if the data ends early or a value
     *                                breaks the rule
     */
    public static Grid readGrid(StateReader reader) {
        long at = reader.offset();
        Grid space = new Grid(reader.f64("space.originX"), reader.f64("space.originY"), reader.f64("space.cellSize"));
        checkGrid(space, at, Complaint.of(reader));
        return space;
    }

    /**
     * Writes a voxel space ({@link VoxelSpaceLayout#SPACE_BYTES} bytes). Nothing is written when
     * the space breaks the rule.
     *
     * @param writer where the bytes go, at its current position
     * @param space  the space; all zero, or within the bounds of the class comment
     * @throws NullPointerException     if {@code space} is null
     * @throws IllegalArgumentException naming the value and the bound if the space breaks the rule
     */
    public static void writeVoxel(StateWriter writer, Voxel space) {
        Objects.requireNonNull(space, "space");
        checkVoxel(space, 0, Complaint.ARGUMENT);
        writer.f64(space.originX()).f64(space.originY()).f64(space.originZ()).f64(space.cellSize());
    }

    /**
     * Reads and checks a voxel space written by {@link #writeVoxel(StateWriter, Voxel)}.
     *
     * @param reader the bytes, positioned at the piece; it advances by
     *               {@link VoxelSpaceLayout#SPACE_BYTES}
     * @return the space, all zero or within the bounds
     * @throws OnePathFormatException (the reader's subtype) if the data ends early or a value
     *                                breaks the rule
     */
    public static Voxel readVoxel(StateReader reader) {
        long at = reader.offset();
        Voxel space = new Voxel(
                reader.f64("space.originX"),
                reader.f64("space.originY"),
                reader.f64("space.originZ"),
                reader.f64("space.cellSize"));
        checkVoxel(space, at, Complaint.of(reader));
        return space;
    }

    private static void checkGrid(Grid s, long at, Complaint complaint) {
        // == 0 accepts -0.0 too, as the engines' own unassigned test does.
        if (s.originX() == 0 && s.originY() == 0 && s.cellSize() == 0) {
            return;
        }
        checkOrigin("space.originX", s.originX(), at + GridSpaceLayout.ORIGIN_X_OFFSET, complaint);
        checkOrigin("space.originY", s.originY(), at + GridSpaceLayout.ORIGIN_Y_OFFSET, complaint);
        checkCellSize(s.cellSize(), at + GridSpaceLayout.CELL_SIZE_OFFSET, complaint);
    }

    private static void checkVoxel(Voxel s, long at, Complaint complaint) {
        if (s.originX() == 0 && s.originY() == 0 && s.originZ() == 0 && s.cellSize() == 0) {
            return;
        }
        checkOrigin("space.originX", s.originX(), at + VoxelSpaceLayout.ORIGIN_X_OFFSET, complaint);
        checkOrigin("space.originY", s.originY(), at + VoxelSpaceLayout.ORIGIN_Y_OFFSET, complaint);
        checkOrigin("space.originZ", s.originZ(), at + VoxelSpaceLayout.ORIGIN_Z_OFFSET, complaint);
        checkCellSize(s.cellSize(), at + VoxelSpaceLayout.CELL_SIZE_OFFSET, complaint);
    }

    private static void checkOrigin(String field, double v, long at, Complaint complaint) {
        if (!(Math.abs(v) <= LIMIT)) {
            throw complaint.at(field, Double.toString(v), "|v| <= 2^21 (2097152), or all values 0 (unassigned)", at);
        }
    }

    private static void checkCellSize(double v, long at, Complaint complaint) {
        if (!(v > 0 && v <= LIMIT)) {
            throw complaint.at(
                    "space.cellSize",
                    Double.toString(v),
                    "0 < cellSize <= 2^21 (2097152), or all values 0 (unassigned)",
                    at);
        }
    }
}
