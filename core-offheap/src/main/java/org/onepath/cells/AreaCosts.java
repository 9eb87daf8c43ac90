package org.onepath.cells;

import java.util.Arrays;
import org.onepath.state.AreasPiece;

/**
 * Cost multipliers of the 255 walkable area ids 0..254 (area 255 is the wall). Each multiplier
 * is positive and finite, 1 by default. {@link #version()} goes up on every change that alters a
 * value, so derived data can tell it is stale.
 *
 * <p>Edits are not synchronised with searches: change costs between queries, not during one.
 */
public final class AreaCosts {
    /** Number of walkable areas. */
    public static final int AREA_COUNT = 255;
    /** The wall area id. */
    public static final int WALL = 255;

    // 256 entries so a cell byte indexes it without a mask check; entry 255 is never read for a move.
    private final double[] multipliers = new double[256];
    private int version;
    private double minCost = 1.0;

    /** A table with every walkable area's multiplier at 1, at version 0. */
    public AreaCosts() {
        Arrays.fill(multipliers, 0, AREA_COUNT, 1.0);
        multipliers[WALL] = Double.POSITIVE_INFINITY;
    }

    /**
     * The multiplier of a walkable area.
     *
     * @param area a walkable area id, 0..254
     * @return the multiplier, positive and finite
     * @throws IllegalArgumentException if the area is not 0..254
     */
    public double get(int area) {
        checkArea(area);
        return multipliers[area];
    }

    /**
     * Sets the multiplier of a walkable area.
     *
     * @param area a walkable area id, 0..254
     * @param cost the new multiplier, positive and finite
     * @throws IllegalArgumentException if the area is not 0..254 or the cost is not positive and finite
     */
    public void set(int area, double cost) {
        checkArea(area);
        if (!(cost > 0) || Double.isInfinite(cost)) {
            throw new IllegalArgumentException(
                    "area cost for area " + area + " must be positive and finite, was " + cost);
        }
        if (Double.doubleToRawLongBits(multipliers[area]) != Double.doubleToRawLongBits(cost)) {
            multipliers[area] = cost;
            changed();
        }
    }

    /**
     * Copies every multiplier (and bumps the version if any differs).
     *
     * @param other the table to copy; it is not changed
     */
    public void copyFrom(AreaCosts other) {
        if (!Arrays.equals(multipliers, other.multipliers)) {
            System.arraycopy(other.multipliers, 0, multipliers, 0, AREA_COUNT);
            changed();
        }
    }

    /**
     * The smallest multiplier; heuristics scale by it to stay admissible.
     *
     * @return the smallest multiplier of the 255 areas, positive and finite
     */
    public double minCost() {
        return minCost;
    }

    /**
     * Whether every area has the same multiplier.
     *
     * @return true when all 255 multipliers are equal
     */
    public boolean isUniform() {
        double first = multipliers[0];
        for (int i = 1; i < AREA_COUNT; i++) {
            if (multipliers[i] != first) {
                return false;
            }
        }
        return true;
    }

    /**
     * Changes so far; starts at 0.
     *
     * @return the number of changes that altered a value, or the version a restore put back
     */
    public int version() {
        return version;
    }

    /**
     * The multiplier of a cell byte, unchecked beyond the array bound (hot path of the
     * topologies; the wall reads +infinity).
     *
     * @param cellByte a cell byte read unsigned, 0..255
     * @return the multiplier, +infinity for the wall (255)
     */
    public double multiplierOf(int cellByte) {
        return multipliers[cellByte];
    }

    /**
     * The table as the state format stores it.
     *
     * @return a new piece holding the version and a copy of the 255 multipliers
     */
    public AreasPiece.Areas toPiece() {
        return new AreasPiece.Areas(version, Arrays.copyOf(multipliers, AREA_COUNT));
    }

    /**
     * Puts back a table read from a state (already checked: 255 positive finite values), version
     * included: versions may repeat after a rollback.
     *
     * @param areas the checked table from a state; its values are copied
     */
    public void restore(AreasPiece.Areas areas) {
        System.arraycopy(areas.multipliers(), 0, multipliers, 0, AREA_COUNT);
        version = areas.version();
        double min = multipliers[0];
        for (int i = 1; i < AREA_COUNT; i++) {
            min = Math.min(min, multipliers[i]);
        }
        minCost = min;
    }

    private void changed() {
        version++;
        double min = multipliers[0];
        for (int i = 1; i < AREA_COUNT; i++) {
            min = Math.min(min, multipliers[i]);
        }
        minCost = min;
    }

    private static void checkArea(int area) {
        if (area < 0 || area >= AREA_COUNT) {
            throw new IllegalArgumentException("area " + area + " is outside the walkable areas 0..254");
        }
    }
}
