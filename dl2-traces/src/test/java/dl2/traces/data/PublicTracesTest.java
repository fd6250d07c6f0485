package dl2.traces.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped catalogue: what dl2 reads, from where, pinned. */
class PublicTracesTest {
  private final PublicTraces shipped = PublicTraces.shipped();

  @Test
  void theCatalogueHoldsTheFilesDl2ReadsWithTheirLicences() {
    assertThat(shipped.repositories())
        .extracting(PublicTraces.Repository::folder)
        .containsExactly("adaptdl", "gavel", "Tiresias", "ElasticFlow");
    List<String> local = shipped.files().stream().map(PublicTraces.TraceFile::local).toList();
    assertThat(local)
        .hasSize(58)
        .doesNotHaveDuplicates()
        .contains(
            "adaptdl/LICENSE",
            "gavel/LICENSE",
            "Tiresias/LICENSE",
            "ElasticFlow/LICENCE",
            "adaptdl/simulator/traces/philly.csv",
            "gavel/scheduler/simulation_throughputs.json",
            "gavel/scheduler/traces/msr/seed=0/6c71a0.trace",
            "Tiresias/simulator/60_job.csv",
            "ElasticFlow/ElasticFlow/traces_for_ElasticFlow/philly_103959.csv",
            "adaptdl/simulator/workloads/workload-8.csv",
            "adaptdl/simulator/traces/imagenet/placements.csv",
            "ElasticFlow/ElasticFlow/scheduler/throughputs_T4/ncf.csv");
    assertThat(shipped.files()).allMatch(f -> f.sha256().matches("[0-9a-f]{64}") && f.bytes() > 0);
    assertThat(shipped.totalBytes()).isEqualTo(8_002_282);
  }

  @Test
  void provenanceNamesTheRepositoryBranchCommitAndWork() {
    assertThat(shipped.repository("adaptdl").provenance())
        .isEqualTo(
            "petuum/adaptdl, branch osdi21-artifact @ c793c7089bd307462686339d29707925c461f9a9 (Pollux, OSDI'21)");
    assertThat(shipped.repository("gavel").provenance())
        .isEqualTo(
            "stanford-futuredata/gavel @ c4fa40097339e9608ab71fd64c8bdea96a5e4a4c (Gavel, OSDI'20)");
  }

  @Test
  void upstreamUrlsAreGitHubsRawFilesAtThePinnedCommit() {
    PublicTraces.TraceFile philly =
        shipped.files().stream()
            .filter(f -> f.path().endsWith("philly.csv"))
            .findFirst()
            .orElseThrow();
    assertThat(FetchOrigin.upstream().url(philly))
        .hasToString(
            "https://raw.githubusercontent.com/petuum/adaptdl/c793c7089bd307462686339d29707925c461f9a9/simulator/traces/philly.csv");
  }

  @Test
  void aMalformedLineIsRefused() {
    assertThatThrownBy(() -> PublicTraces.parse("file\tnowhere\ta.csv\t1\tab\n"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not a repository or file line");
  }
}
