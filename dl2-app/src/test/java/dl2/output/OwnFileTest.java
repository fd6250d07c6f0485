package dl2.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnFileTest {
  private static final OwnFile JSON =
      OwnFile.json("a simulation JSON", "simulation", List.of("scheduler", "traces"));
  private static final OwnFile CSV = OwnFile.csv("a jobs CSV", List.of("trace", "job_id"));

  @TempDir Path dir;

  @Test
  void recognisesWhatDl2WroteByProvenanceHeaderOrLegacyKeys() throws Exception {
    Path stamped = write("a.json", "{\"dl2\":{\"format\":\"simulation\"},\"x\":1}");
    Path otherFormat = write("b.json", "{\"dl2\":{\"format\":\"comparison\"},\"scheduler\":1}");
    Path legacy = write("c.json", "{\"scheduler\":\"drf\",\"traces\":[]}");
    Path notes = write("d.json", "my notes");
    Path csv = write("e.csv", "trace,job_id\ntest-0,1\n");
    Path otherCsv = write("f.csv", "trace,slot\n");

    assertThat(JSON.recognises(stamped)).isTrue();
    assertThat(JSON.recognises(otherFormat)).isFalse(); // the provenance decides, not the keys
    assertThat(JSON.recognises(legacy)).isTrue();
    assertThat(JSON.recognises(notes)).isFalse();
    assertThat(CSV.recognises(csv)).isTrue();
    assertThat(CSV.recognises(otherCsv)).isFalse();
  }

  @Test
  void replacesItsOwnKindAnAbsentFileOrWithForceAndRefusesTheRest() throws Exception {
    Path notes = write("notes.csv", "mine\n");
    CSV.checkReplaceable("--jobs-csv", dir.resolve("new.csv"), false);
    CSV.checkReplaceable("--jobs-csv", write("own.csv", "trace,job_id\n"), false);
    CSV.checkReplaceable("--jobs-csv", notes, true);

    assertThatThrownBy(() -> CSV.checkReplaceable("--jobs-csv", notes, false))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "--jobs-csv "
                + notes
                + ": the file exists and is not a jobs CSV that dl2 wrote; choose another path,"
                + " or give --force to replace it");
    assertThat(Files.readString(notes)).isEqualTo("mine\n");
  }

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }
}
