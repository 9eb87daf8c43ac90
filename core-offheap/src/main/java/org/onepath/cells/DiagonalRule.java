package org.onepath.cells;

/**
 * When a diagonal move is legal on an eight-connected square grid. The beside cells of a diagonal
 * move are the two cells sharing an edge with both the start and the target (for north-east:
 * north and east of the start). The target must be walkable under every rule.
 */
public enum DiagonalRule {
    /** Both beside cells walkable (default; the Moving AI benchmark convention). */
    NO_CORNER_CUTTING(0),
    /** At least one beside cell walkable. */
    NO_SQUEEZING(1),
    /** No condition beyond the target. */
    ALLOW_ALL(2);

    private final int code;

    DiagonalRule(int code) {
        this.code = code;
    }

    /**
     * The rule's fixed number, which indexes per-rule tables: 0 NO_CORNER_CUTTING, 1 NO_SQUEEZING,
     * 2 ALLOW_ALL.
     *
     * @return the code, 0..2
     */
    public int code() {
        return code;
    }
}
