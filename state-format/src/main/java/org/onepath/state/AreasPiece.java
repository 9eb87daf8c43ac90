package org.onepath.state;

import static org.onepath.state.AreasLayout.AREA_COUNT;

import java.util.Arrays;
import java.util.Objects;

/**
 * The areas piece ({@link AreasLayout}): the version counter of an area-cost table and the cost
 * multipliers of areas 0..254.
 */
public final class AreasPiece {
    private AreasPiece() {}

    /**
     * An area-cost table as stored. The array is not copied (tables are small, but the record is a
     * carrier, not an owner); do not change it after handing it over.
     *
     * @param version     change counter, &gt;= 0
     * @param multipliers exactly {@link AreasLayout#AREA_COUNT} values, each &gt; 0 and finite
     */
    public record Areas(int version, double[] multipliers) {
        /**
         * Checks the number of multipliers; their values are checked when the table is written or
         * read.
         *
         * @throws NullPointerException     if {@code multipliers} is null
         * @throws IllegalArgumentException if there are not exactly 255 multipliers
         */
        public Areas {
            Objects.requireNonNull(multipliers, "multipliers");
            if (multipliers.length != AREA_COUNT) {
                throw new IllegalArgumentException(
                        "multipliers.length = " + multipliers.length + ": expected " + AREA_COUNT);
            }
        }

        /** Equal version and bit-equal multipliers (records compare arrays by identity otherwise). */
        @Override
        public boolean equals(Object o) {
            return o instanceof Areas a && version == a.version && Arrays.equals(multipliers, a.multipliers);
        }

        @Override
        public int hashCode() {
            return 31 * version + Arrays.hashCode(multipliers);
        }

        @Override
        public String toString() {
            return "Areas[version=" + version + ", multipliers=" + Arrays.toString(multipliers) + "]";
        }
    }

    /**
     * Writes the table: the version, then the 255 multipliers ({@link AreasLayout#AREAS_BYTES}
     * bytes). Nothing is written when a rule is broken.
     *
     * @param writer where the bytes go, at its current position
     * @param areas  the table; version &gt;= 0 and every multiplier &gt; 0 and finite
     * @throws NullPointerException     if {@code areas} is null
     * @throws IllegalArgumentException naming the value and the bound if it breaks a rule
     */
    public static void write(StateWriter writer, Areas areas) {
        Objects.requireNonNull(areas, "areas");
        check(areas, 0, Complaint.ARGUMENT);
        writer.i32(areas.version());
        for (double m : areas.multipliers()) {
            writer.f64(m);
        }
    }

    /**
     * Reads and checks a table written by {@link #write(StateWriter, Areas)}.
     *
     * @param reader the bytes, positioned at the piece; it advances by
     *               {@link AreasLayout#AREAS_BYTES}
     * @return the table, with a new multiplier array owned by the caller
     * @throws OnePathFormatException (the reader's subtype) if the data ends early, the version is
     *                                negative, or a multiplier is not finite and &gt; 0
     */
    public static Areas read(StateReader reader) {
        long at = reader.offset();
        int version = reader.i32("areas.version");
        double[] multipliers = new double[AREA_COUNT];
        for (int a = 0; a < AREA_COUNT; a++) {
            multipliers[a] = reader.f64("areas.multiplier[" + a + "]");
        }
        Areas areas = new Areas(version, multipliers);
        check(areas, at, Complaint.of(reader));
        return areas;
    }

    private static void check(Areas areas, long at, Complaint complaint) {
        if (areas.version() < 0) {
            throw complaint.at(
                    "areas.version", Integer.toString(areas.version()), ">= 0", at + AreasLayout.VERSION_OFFSET);
        }
        double[] m = areas.multipliers();
        for (int a = 0; a < AREA_COUNT; a++) {
            if (!(m[a] > 0 && m[a] < Double.POSITIVE_INFINITY)) {
                throw complaint.at(
                        "areas.multiplier[" + a + "]",
                        Double.toString(m[a]),
                        "a finite value > 0",
                        at + AreasLayout.multiplierOffset(a));
            }
        }
    }
}
