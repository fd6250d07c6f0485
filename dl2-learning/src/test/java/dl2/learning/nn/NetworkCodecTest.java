package dl2.learning.nn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import dl2.model.Rng;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkCodecTest {
  private static final MlpSpec POLICY = Mlp.builder(12).hidden(8, 2).output(7);
  private static final MlpSpec VALUE = Mlp.builder(12).hidden(8, 2).output(1);
  private static final String METADATA = "{\"encoding\":\"original\",\"step\":3}";

  @TempDir Path dir;

  @Test
  void roundTripRestoresWeightsAdamStateAndMetadataExactly() {
    List<NetworkState> saved = trainedNetworks();
    Path file = dir.resolve("ckpt.dl2p");
    NetworkCodec.write(file, METADATA, saved);

    Checkpoint read = NetworkCodec.read(file);
    assertThat(read.metadata()).isEqualTo(METADATA);
    assertThat(read.networks()).extracting(NetworkState::name).containsExactly("policy", "value");
    NetworkState policy = read.network("policy", POLICY);
    NetworkState original = saved.get(0);
    assertThat(AdamTest.flatten(policy.network().parameters()))
        .isEqualTo(AdamTest.flatten(original.network().parameters()));
    assertThat(AdamTest.flatten(policy.optimizer().firstMoments()))
        .isEqualTo(AdamTest.flatten(original.optimizer().firstMoments()));
    assertThat(AdamTest.flatten(policy.optimizer().secondMoments()))
        .isEqualTo(AdamTest.flatten(original.optimizer().secondMoments()));
    assertThat(policy.optimizer().stepCount()).isEqualTo(3);
    assertThat(policy.optimizer().learningRate()).isEqualTo(1e-4);
    assertThat(read.network("value", VALUE).network().spec()).isEqualTo(VALUE);
  }

  @Test
  void writingReplacesTheFileAtomicallyAndLeavesNoTemporaryFile() throws IOException {
    Path file = dir.resolve("ckpt.dl2p");
    NetworkCodec.write(file, "first", trainedNetworks());
    NetworkCodec.write(file, "second", trainedNetworks());
    assertThat(NetworkCodec.read(file).metadata()).isEqualTo("second");
    try (var files = Files.list(dir)) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void aTruncatedFileIsReportedAsTruncated() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length - 100));
    assertProblem(file, "truncated: " + (bytes.length - 100) + " bytes, expected " + bytes.length);
    Files.write(file, Arrays.copyOf(bytes, 10));
    assertProblem(file, "truncated: 10 bytes, shorter than the 16-byte header");
  }

  @Test
  void aFileWithTheWrongMagicIsRejected() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    bytes[0] = 'X';
    Files.write(file, bytes);
    assertProblem(file, "not a DL2 checkpoint");
  }

  @Test
  void anUnknownVersionIsRejected() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes).putInt(4, 99);
    Files.write(file, bytes);
    assertProblem(file, "unsupported checkpoint version 99 (this build reads versions 1 to 3)");
  }

  @Test
  void aVersionOneFileStillReadsAsAFullyConnectedNetwork() throws IOException {
    NetworkState policy = trainedNetworks().get(0);
    Path file = dir.resolve("v1.dl2p");
    NetworkCodec.write(file, METADATA, List.of(policy));
    Files.write(file, asVersionOne(Files.readAllBytes(file)));
    NetworkState read = NetworkCodec.read(file).network("policy", POLICY);
    assertThat(read.network().spec()).isEqualTo(POLICY);
    assertThat(AdamTest.flatten(read.network().parameters()))
        .isEqualTo(AdamTest.flatten(policy.network().parameters()));
  }

  @Test
  void aSharedColumnNetworkRoundTrips() {
    MlpSpec shared = new MlpSpec(12, List.of(5), false, 7, new ColumnLayout(2, 0));
    Mlp network = new Mlp(shared, new Rng(3));
    Path file = dir.resolve("shared.dl2p");
    NetworkCodec.write(
        file, METADATA, List.of(new NetworkState("policy", network, new Adam(network, 1e-3))));
    NetworkState read = NetworkCodec.read(file).network("policy", shared);
    assertThat(read.network().spec()).isEqualTo(shared);
    assertThat(AdamTest.flatten(read.network().parameters()))
        .isEqualTo(AdamTest.flatten(network.parameters()));
  }

  @Test
  void olderArchitecturesAreStillWrittenAsVersionTwo() throws IOException {
    MlpSpec shared = new MlpSpec(12, List.of(5), false, 7, new ColumnLayout(2, 0));
    Mlp network = new Mlp(shared, new Rng(3));
    Path file = dir.resolve("shared.dl2p");
    NetworkCodec.write(
        file, METADATA, List.of(new NetworkState("policy", network, new Adam(network, 1e-3))));
    assertThat(ByteBuffer.wrap(Files.readAllBytes(file)).getInt(4)).isEqualTo(2);
    assertThat(ByteBuffer.wrap(Files.readAllBytes(written())).getInt(4)).isEqualTo(2);
  }

  @Test
  void aPooledEmbeddingNetworkWithGlobalFeaturesRoundTripsAsVersionThree() throws IOException {
    MlpSpec pooled =
        new MlpSpec(
            14, List.of(5, 3), false, 7, new ColumnLayout(2, 1, 2), NetworkKind.POOLED_EMBEDDINGS);
    Mlp network = new Mlp(pooled, new Rng(3));
    Adam adam = new Adam(network, 1e-3);
    network.params().forEach(p -> java.util.Arrays.fill(p.grad(), 0.5));
    adam.step();
    Path file = dir.resolve("pooled.dl2p");
    NetworkCodec.write(file, METADATA, List.of(new NetworkState("policy", network, adam)));
    assertThat(ByteBuffer.wrap(Files.readAllBytes(file)).getInt(4)).isEqualTo(3);
    NetworkState read = NetworkCodec.read(file).network("policy", pooled);
    assertThat(read.network().spec()).isEqualTo(pooled);
    assertThat(read.optimizer().stepCount()).isEqualTo(1);
    assertThat(AdamTest.flatten(read.network().parameters()))
        .isEqualTo(AdamTest.flatten(network.parameters()));
    MlpSpec shared = new MlpSpec(12, List.of(5, 3), false, 7, new ColumnLayout(2, 1));
    assertThatThrownBy(() -> NetworkCodec.read(file).network("policy", shared))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("pooled embeddings over 2 columns + 2 global features");
  }

  @Test
  void anUnknownArchitectureIsCorrupt() throws IOException {
    MlpSpec pooled =
        new MlpSpec(6, List.of(2), false, 7, new ColumnLayout(2, 0), NetworkKind.POOLED_EMBEDDINGS);
    Mlp network = new Mlp(pooled, new Rng(3));
    Path file = dir.resolve("pooled.dl2p");
    NetworkCodec.write(
        file, METADATA, List.of(new NetworkState("policy", network, new Adam(network, 1e-3))));
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    int at = NetworkCodec.HEADER_BYTES;
    at += 4 + in.getInt(at) + 4; // metadata, network count
    at += 4 + in.getInt(at) + 4; // name, input size
    at +=
        4
            + 4 * in.getInt(at)
            + 1
            + 4
            + 4
            + 4; // hidden widths, affine norm, output size, columns, column-major
    assertThat(in.getInt(at)).as("architecture").isEqualTo(NetworkKind.POOLED_EMBEDDINGS.ordinal());
    in.putInt(at, 7);
    Files.write(file, withFreshCrc(bytes));
    assertProblem(file, "corrupt checkpoint: network 'policy' has unknown architecture 7");
  }

  /** The same one-network checkpoint in the version-1 layout: no column fields after outputSize. */
  private static byte[] asVersionOne(byte[] v2) {
    ByteBuffer in = ByteBuffer.wrap(v2);
    int at = NetworkCodec.HEADER_BYTES;
    at += 4 + in.getInt(at); // metadata
    at += 4; // network count
    at += 4 + in.getInt(at); // name
    at += 4; // input size
    int hidden = in.getInt(at);
    at += 4 + 4 * hidden + 1 + 4; // hidden widths, affine-norm byte, output size
    assertThat(in.getInt(at)).as("a fully connected network stores 0 columns").isZero();
    byte[] v1 = new byte[v2.length - 8];
    System.arraycopy(v2, 0, v1, 0, at);
    System.arraycopy(v2, at + 8, v1, at, v2.length - at - 8);
    ByteBuffer out = ByteBuffer.wrap(v1);
    out.putInt(4, 1);
    out.putLong(8, in.getLong(8) - 8);
    return withFreshCrc(v1);
  }

  @Test
  void aFlippedByteFailsTheCrc() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    assertProblem(file, "CRC mismatch");
  }

  @Test
  void aMalformedBodyWithAValidCrcIsReportedAsCorrupt() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    int metadataLength = buf.getInt(NetworkCodec.HEADER_BYTES);
    buf.putInt(NetworkCodec.HEADER_BYTES + 4 + metadataLength, 1_000_000); // network count
    Files.write(file, withFreshCrc(bytes));
    assertProblem(file, "corrupt checkpoint: impossible network count 1000000");
  }

  @Test
  void extraBytesAfterTheDeclaredBodyAreReportedAsCorrupt() throws IOException {
    Path file = written();
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(bytes, bytes.length + 3));
    assertProblem(file, "corrupt checkpoint: header gives a body of");
  }

  @Test
  void aMissingFileIsReportedAsUnreadable() {
    assertProblem(dir.resolve("absent.dl2p"), "cannot be read: no such file");
  }

  @Test
  void aDifferentInputSizeThanExpectedIsAOneLineError() {
    Path file = written();
    MlpSpec oneHot = Mlp.builder(26).hidden(8, 2).output(7);
    Checkpoint checkpoint = NetworkCodec.read(file);
    assertThatThrownBy(() -> checkpoint.network("policy", oneHot))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": network 'policy' has architecture 12-8-8-7")
        .hasMessageContaining("input size 12 in file, 26 expected")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> checkpoint.network("critic", VALUE))
        .hasMessage(file + ": no network 'critic' (file has [policy, value])");
  }

  private Path written() {
    Path file = dir.resolve("ckpt.dl2p");
    NetworkCodec.write(file, METADATA, trainedNetworks());
    return file;
  }

  private static void assertProblem(Path file, String problem) {
    assertThatThrownBy(() -> NetworkCodec.read(file))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": ")
        .hasMessageContaining(problem)
        .hasMessageNotContaining("\n");
  }

  private static byte[] withFreshCrc(byte[] bytes) {
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - NetworkCodec.CRC_BYTES);
    ByteBuffer.wrap(bytes).putInt(bytes.length - NetworkCodec.CRC_BYTES, (int) crc.getValue());
    return bytes;
  }

  /** Two networks after three Adam steps on arbitrary gradients, so every field is non-trivial. */
  private static List<NetworkState> trainedNetworks() {
    Rng rng = new Rng(77);
    Mlp policy = new Mlp(POLICY, rng);
    Mlp value = new Mlp(VALUE, rng);
    Adam policyAdam = new Adam(policy, 1e-4);
    Adam valueAdam = new Adam(value, 1e-4);
    for (int s = 0; s < 3; s++) {
      for (Mlp net : List.of(policy, value)) {
        for (Param p : net.params()) {
          for (int i = 0; i < p.size(); i++) {
            p.grad()[i] = rng.nextSymmetric();
          }
        }
      }
      policyAdam.step();
      valueAdam.step();
    }
    return List.of(
        new NetworkState("policy", policy, policyAdam),
        new NetworkState("value", value, valueAdam));
  }
}
