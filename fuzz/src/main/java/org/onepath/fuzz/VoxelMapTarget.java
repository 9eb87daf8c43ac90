package org.onepath.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.onepath.VoxelGrid;
import org.onepath.cells.GridFormatException;
import org.onepath.io.VoxelMap;

/**
 * {@code voxel-map}: {@link VoxelMap#parse} against {@link RefMovingAi#voxelMap}: the same
 * accept/reject, sizes and solid voxels in file order; {@link VoxelMap#toText()} reads back to the
 * same; on blocks up to 32,768 voxels {@code toGrid} makes exactly the listed voxels solid. Rules
 * of {@link ReaderTarget}.
 */
final class VoxelMapTarget extends ReaderTarget<VoxelMap, RefMovingAi.VoxelMap> {
    VoxelMapTarget() {
        super(GridFormatException.class);
    }

    @Override
    public String name() {
        return "voxel-map";
    }

    @Override
    VoxelMap read(byte[] input) {
        return VoxelMap.parse("input", input);
    }

    @Override
    RefMovingAi.VoxelMap reference(byte[] input) {
        return RefMovingAi.voxelMap(input);
    }

    @Override
    VoxelMap reread(VoxelMap library) {
        String text = library.toText();
        VoxelMap again = VoxelMap.parse("canonical", text.getBytes(StandardCharsets.ISO_8859_1));
        same(again.toText(), text, "canonical text read and written again");
        return again;
    }

    @Override
    void compare(VoxelMap m, RefMovingAi.VoxelMap ref) {
        same(m.sizeX(), ref.x(), "X");
        same(m.sizeY(), ref.y(), "Y");
        same(m.sizeZ(), ref.z(), "Z");
        same(m.solidCount(), ref.solid().size(), "solid lines");
        for (int i = 0; i < ref.solid().size(); i++) {
            same(
                    java.util.Arrays.toString(m.solid(i)),
                    java.util.Arrays.toString(ref.solid().get(i)),
                    "solid " + i);
        }
        if ((long) ref.x() * ref.y() * ref.z() <= 1 << 15) {
            Set<Long> solid = RefMovingAi.solidSet(ref);
            try (VoxelGrid g = m.toGrid()) {
                for (int z = 0; z < ref.z(); z++) {
                    for (int y = 0; y < ref.y(); y++) {
                        for (int x = 0; x < ref.x(); x++) {
                            long key = x + (long) ref.x() * (y + (long) ref.y() * z);
                            same(
                                    !g.isWalkable(x, y, z),
                                    solid.contains(key),
                                    "voxel (" + x + ", " + y + ", " + z + ") solid");
                        }
                    }
                }
            }
        }
    }
}
