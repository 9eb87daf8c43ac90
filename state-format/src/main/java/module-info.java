/**
 * OnePath state format: the bytes of snapshot and restore, version 1.
 *
 * <p>{@code org.onepath.state} reads and writes primitives, the header and the shared pieces
 * (world space, area multipliers, open sets, search buffers) with validation. It knows no engine
 * type: engines in other modules serialise themselves with these tools, so the dependency points
 * one way (core depends on this module, never the reverse).
 */
module org.onepath.state {
    exports org.onepath.state;
}
