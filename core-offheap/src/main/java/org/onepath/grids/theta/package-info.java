/**
 * Tiers 2 and 3: any-angle paths over cell centres. {@link org.onepath.grids.theta.ThetaSearch}
 * runs Theta*, Lazy Theta* or Lazy Theta* with re-queue
 * ({@link org.onepath.grids.theta.ThetaVariant}) with the integer line-of-sight test of
 * {@link org.onepath.grids.theta.GridLineOfSight}. {@code docs/theta.md} describes them.
 */
package org.onepath.grids.theta;
