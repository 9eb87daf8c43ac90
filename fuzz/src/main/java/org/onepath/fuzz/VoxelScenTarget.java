package org.onepath.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.onepath.cells.GridFormatException;
import org.onepath.io.VoxelScenario;
import org.onepath.io.VoxelScenarios;

/**
 * {@code voxel-scen}: {@link VoxelScenarios#parse} against {@link RefMovingAi#voxelScen}: the
 * same accept/reject and the same records (map name, six coordinates, length, ratio);
 * {@link VoxelScenarios#toText} reads back to equal records. Rules of {@link ReaderTarget}.
 */
final class VoxelScenTarget extends ReaderTarget<List<VoxelScenario>, List<RefMovingAi.VoxelScen>> {
    VoxelScenTarget() {
        super(GridFormatException.class);
    }

    @Override
    public String name() {
        return "voxel-scen";
    }

    @Override
    List<VoxelScenario> read(byte[] input) {
        return VoxelScenarios.parse("input", new String(input, StandardCharsets.ISO_8859_1));
    }

    @Override
    List<RefMovingAi.VoxelScen> reference(byte[] input) {
        return RefMovingAi.voxelScen(input);
    }

    @Override
    List<VoxelScenario> reread(List<VoxelScenario> library) {
        String map = library.isEmpty() ? "none.3dmap" : library.getFirst().map();
        List<VoxelScenario> again = VoxelScenarios.parse("canonical", VoxelScenarios.toText(map, library));
        same(again, library, "canonical text read again");
        return again;
    }

    @Override
    void compare(List<VoxelScenario> lib, List<RefMovingAi.VoxelScen> ref) {
        same(lib.size(), ref.size(), "records");
        for (int i = 0; i < ref.size(); i++) {
            VoxelScenario a = lib.get(i);
            RefMovingAi.VoxelScen b = ref.get(i);
            String at = "record " + i + " ";
            same(a.map(), b.map(), at + "map");
            int[] c = {a.startX(), a.startY(), a.startZ(), a.goalX(), a.goalY(), a.goalZ()};
            same(java.util.Arrays.toString(c), java.util.Arrays.toString(b.coords()), at + "coordinates");
            same(a.optimalLength(), b.length(), at + "length");
            same(a.ratio(), b.ratio(), at + "ratio");
        }
    }
}
