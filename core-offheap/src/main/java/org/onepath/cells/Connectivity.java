package org.onepath.cells;

/** Moves of a square grid. */
public enum Connectivity {
    /** North, east, south, west. */
    FOUR(4),
    /** The four straight moves, then north-east, south-east, south-west, north-west. */
    EIGHT(8);

    private final int moves;

    Connectivity(int moves) {
        this.moves = moves;
    }

    /**
     * Number of moves out of a cell in open space.
     *
     * @return 4 or 8
     */
    public int moves() {
        return moves;
    }
}
