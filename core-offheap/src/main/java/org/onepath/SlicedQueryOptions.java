package org.onepath;

/**
 * The common option values ({@link QueryOptions}) and the slice length the caller sets: what
 * {@link GridOptions}, {@link HexOptions} and {@link GraphOptions} share. A voxel query runs in
 * fixed slices of {@link VoxelOptions#ITERATIONS_PER_SLICE} iterations, so {@link VoxelOptions}
 * extends {@link QueryOptions} directly and has no slice setter.
 */
abstract sealed class SlicedQueryOptions extends QueryOptions permits GridOptions, HexOptions, GraphOptions {
    private final int iterationsPerSlice;

    /** The common values and the slice length of {@code b}, already checked by its setters. */
    SlicedQueryOptions(Builder<?> b) {
        super(b);
        this.iterationsPerSlice = b.iterationsPerSlice;
    }

    /**
     * Iterations between cancellation checks (default 256).
     *
     * @return the slice length in iterations, at least 1
     */
    public int iterationsPerSlice() {
        return iterationsPerSlice;
    }

    /**
     * The slice-length setter and its check, on top of the common ones.
     *
     * @param <B> the concrete builder, which each setter returns for chaining
     */
    abstract static sealed class Builder<B extends Builder<B>> extends QueryOptions.Builder<B>
            permits GridOptions.Builder, HexOptions.Builder, GraphOptions.Builder {
        private int iterationsPerSlice = DEFAULT_SLICE_LENGTH;

        /** A builder at the defaults. */
        Builder() {}

        /** A builder holding the common values and the slice length of {@code from}. */
        Builder(SlicedQueryOptions from) {
            super(from);
            this.iterationsPerSlice = from.iterationsPerSlice;
        }

        /**
         * Iterations between cancellation checks, at least 1 (default 256).
         *
         * @param iterations the slice length, at least 1
         * @return this builder
         * @throws IllegalArgumentException naming the length when it is below 1
         */
        public B iterationsPerSlice(int iterations) {
            if (iterations < 1) {
                throw new IllegalArgumentException("iterationsPerSlice must be at least 1, was " + iterations);
            }
            this.iterationsPerSlice = iterations;
            return self();
        }
    }
}
