// A Jest reporter that lists the test files that took longest, after Jest's own summary: where a
// run's time went, in CI logs as well, without a second run to find out.
const SHOWN = 12;

export default class SlowestFilesReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((file) => ({ path: file.testFilePath.replace(`${process.cwd()}/`, ""), seconds: (file.perfStats.end - file.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
    if (files.length === 0) return;
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    const lines = files.slice(0, SHOWN).map((file) => `  ${file.seconds.toFixed(1).padStart(7)} s  ${file.path}`);
    console.log(`\nSlowest test files (all ${files.length} files: ${total.toFixed(0)} s in total):\n${lines.join("\n")}`);
  }
}
