package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The array writes put down the bytes of one DataOutputStream write per value, and read back. */
class StateWriterTest {
  private static final double[] DOUBLES = {
    0.0,
    -0.0,
    1.5,
    -2.25e-300,
    Double.MIN_VALUE,
    Double.MAX_VALUE,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    Double.longBitsToDouble(0x7ff8_0000_0000_0123L),
    Math.PI
  };
  private static final boolean[] BOOLEANS = {true, false, false, true};
  private static final long[] LONGS = {
    0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102_0304_0506_0708L
  };

  @Test
  void arraysAreWrittenAsOneValueAtATimeWouldBe() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StateWriter writer = new StateWriter(bytes);
    writer.writeDoubles(DOUBLES);
    writer.writeDoubles(null);
    writer.writeBooleans(BOOLEANS);
    writer.writeLongs(LONGS);
    writer.flush();

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    DataOutputStream data = new DataOutputStream(expected);
    data.writeInt(DOUBLES.length);
    for (double v : DOUBLES) {
      data.writeDouble(v); // NaN payloads canonicalised, as writeDouble does
    }
    data.writeInt(-1);
    data.writeInt(BOOLEANS.length);
    for (boolean v : BOOLEANS) {
      data.writeBoolean(v);
    }
    data.writeInt(LONGS.length);
    for (long v : LONGS) {
      data.writeLong(v);
    }
    data.flush();
    assertThat(bytes.toByteArray()).containsExactly(expected.toByteArray());

    StateReader reader = new StateReader(new ByteArrayInputStream(bytes.toByteArray()), "state");
    assertThat(reader.readDoubles()).containsExactly(DOUBLES);
    assertThat(reader.readDoubles()).isNull();
    assertThat(reader.readBooleans()).containsExactly(BOOLEANS);
    assertThat(reader.readLongs()).containsExactly(LONGS);
  }
}
