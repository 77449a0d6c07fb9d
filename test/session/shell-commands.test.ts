import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandFamily } from '../../src/session/shell-commands.ts';

describe('commandFamily', () => {
  it('reads the check a command runs from its program and subcommands', () => {
    assert.equal(commandFamily('npm test'), 'test');
    assert.equal(commandFamily('go test ./internal/... -run TestX'), 'test');
    assert.equal(commandFamily('npx vitest run src/a.test.ts'), 'test');
    assert.equal(commandFamily('mix credo lib/a.ex'), 'lint');
    assert.equal(commandFamily('cargo build --release'), 'build');
  });

  it('counts no file path or quoted text as what a command runs', () => {
    assert.equal(commandFamily('rm themes/test.json'), undefined);
    assert.equal(commandFamily('git commit -m "test: cover the parser"'), undefined);
    assert.equal(commandFamily("git commit -m 'build: bump the version'"), undefined);
    assert.equal(commandFamily('cat test/helpers/cli.ts'), undefined);
  });

  it('counts installing a tool as no check', () => {
    assert.equal(commandFamily('cargo install cargo-llvm-cov'), undefined);
    assert.equal(commandFamily('npm install --save-dev vitest'), undefined);
    assert.equal(commandFamily('pnpm add -D jest'), undefined);
    assert.equal(commandFamily('npm i'), undefined);
  });

  it('reads the program after variables set for the one command', () => {
    assert.equal(commandFamily('MIX_ENV=test mix compile --warnings-as-errors'), 'build');
    assert.equal(commandFamily('MIX_ENV=test mix test test/a_test.exs'), 'test');
    assert.equal(commandFamily('MIX_ENV=test mix ecto.migrate'), undefined);
    assert.equal(commandFamily('CI=1 RUST_LOG="debug info" cargo clippy'), 'lint');
  });
});
