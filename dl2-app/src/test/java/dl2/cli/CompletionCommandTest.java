package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class CompletionCommandTest {
  @Test
  void completesEveryCommandAndItsOptions() {
    StringWriter out = new StringWriter();
    String[] args = {"completion"};
    int code =
        Dl2.commandLineFor(args, new PrintWriter(out), new PrintWriter(new StringWriter()))
            .execute(args);

    assertThat(code).isZero();
    String script = out.toString();
    assertThat(script).startsWith("#!/usr/bin/env bash").contains("complete -F _complete_dl2");
    assertThat(script)
        .contains("compare", "train", "cluster-emulator", "--workload", "--scheduler");
  }
}
