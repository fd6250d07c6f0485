package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.NodeGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cluster files: groups in index order, and one line naming file, line and field per problem. */
class ClusterFileReaderTest {
  private static final String HEADER = "count,cores,gpus,gpu_type\n";

  @TempDir Path dir;

  private Path write(String text) throws IOException {
    return Files.writeString(dir.resolve("cluster.csv"), text);
  }

  private void refused(String text, String where, String problem) throws IOException {
    Path file = write(text);
    assertThatThrownBy(() -> ClusterFileReader.read(file))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ":" + where)
        .hasMessageContaining(problem)
        .hasMessageNotContaining("\n");
  }

  @Test
  void readsGroupsInOrderSkippingBlankLines() throws IOException {
    ClusterSpec cluster =
        ClusterFileReader.read(write(HEADER + "2,8,2,k80\n\n 3 , 8 , 2 , v100\n"));
    assertThat(cluster.groups())
        .containsExactly(
            new NodeGroup(2, 8, 2, GpuCatalogue.K80), new NodeGroup(3, 8, 2, GpuCatalogue.V100));
    assertThat(cluster.gpuType(4)).isEqualTo(GpuCatalogue.V100);
  }

  @Test
  void anUnknownGpuTypeNamesItsLineAndTheKnownTypes() throws IOException {
    refused(HEADER + "2,8,2,k80\n1,8,2,h100\n", "3: field 'gpu_type'", "unknown GPU type 'h100'");
  }

  @Test
  void aGroupOfZeroNodesIsRefused() throws IOException {
    refused(HEADER + "0,8,2,k80\n", "2: field 'count'", "at least 1 node");
  }

  @Test
  void nodesNoJobCanUseAreRefused() throws IOException {
    // A bundle is a worker and a PS of 2 cores each: 3 cores host no bundle of any type.
    refused(HEADER + "4,3,2,t4\n", "2: field 'cores'", "no such job could use these nodes");
  }

  @Test
  void groupsOfAnotherShapeThanTheFirstAreRefused() throws IOException {
    refused(HEADER + "4,8,2,t4\n4,8,4,a100\n", "3: field 'gpus'", "the GPUs of the first (2)");
  }

  @Test
  void aWrongHeaderOrAMissingFieldIsRefused() throws IOException {
    refused("count,cores,gpus\n1,8,2\n", "1: field 'header'", "count,cores,gpus,gpu_type");
    refused(HEADER + "1,8,2\n", "2: field 'gpu_type'", "expected 4 fields, got 3");
    refused(HEADER + "two,8,2,k80\n", "2: field 'count'", "not an integer: 'two'");
  }

  @Test
  void aFileWithoutGroupsIsRefused() throws IOException {
    Path file = write(HEADER);
    assertThatThrownBy(() -> ClusterFileReader.read(file))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": has no node group (one line per group after the header)");
  }
}
