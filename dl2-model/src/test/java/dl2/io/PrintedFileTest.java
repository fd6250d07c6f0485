package dl2.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A file through a log: read back bit for bit between other lines; cut or damaged copies refused in
 * words.
 */
class PrintedFileTest {
  private static final byte[] CONTENT =
      "{\"a\": [1, 2, 3]}\n".repeat(200).getBytes(StandardCharsets.UTF_8);

  @Test
  void aPrintedFileReadsBackBitForBitBetweenProgressLinesOfTheSameLog() {
    String printed = PrintedFile.print("shard", CONTENT);
    String[] lines = printed.split("\n");
    assertThat(lines[0]).startsWith("dl2-printed-file shard " + CONTENT.length + " ");
    assertThat(Arrays.stream(lines, 1, lines.length - 1))
        .allMatch(l -> l.startsWith("|") && l.length() <= 77);
    String log =
        "experiment starts\n"
            + lines[0]
            + "\n"
            + lines[1]
            + "\ntrain dl2: 10/300 steps\n"
            + String.join("\n", Arrays.copyOfRange(lines, 2, lines.length))
            + "\n";
    assertThat(PrintedFile.read(log, "shard")).isEqualTo(CONTENT);
    assertThat(PrintedFile.print("shard", CONTENT)).isEqualTo(printed);
  }

  @Test
  void theLastCopyCountsAndAnotherNameIsNotRead() {
    byte[] second = "second".getBytes(StandardCharsets.UTF_8);
    String log =
        PrintedFile.print("shard", CONTENT)
            + PrintedFile.print("other", CONTENT)
            + PrintedFile.print("shard", second);
    assertThat(PrintedFile.read(log, "shard")).isEqualTo(second);
    assertThatThrownBy(() -> PrintedFile.read(log, "missing")).hasMessage("it holds no missing");
  }

  @Test
  void aCopyCutShortOrDamagedIsRefused() {
    String printed = PrintedFile.print("shard", CONTENT);
    String cut = printed.substring(0, printed.length() / 2);
    assertThatThrownBy(() -> PrintedFile.read(cut, "shard"))
        .hasMessageStartingWith("its shard is cut short (");
    String[] lines = printed.split("\n");
    lines[1] = "|" + "A".repeat(lines[1].length() - 1);
    assertThatThrownBy(() -> PrintedFile.read(String.join("\n", lines), "shard"))
        .hasMessageStartingWith("its shard is damaged");
  }
}
