// Opens the Ink dashboard on the terminal and keeps its data fresh after each action.
import { render } from 'ink';
import { useState } from 'react';
import type { CommandContext } from '../context';
import { describeFailure } from '../errors';
import type { DashboardData, DashboardModel } from '../services/dashboard';
import { Dashboard } from './Dashboard';

export function LiveDashboard({
  model,
  initial,
  server,
}: {
  model: DashboardModel;
  initial: DashboardData;
  server?: string;
}) {
  const [data, setData] = useState(initial);
  return (
    <Dashboard
      data={data}
      {...(server ? { server } : {})}
      onAct={(section, id, action, text, optional) =>
        model
          .act(section, id, action, text, optional)
          .catch((error: unknown) => ({ ok: false, message: describeFailure(error) }))
      }
      onCheck={(section, id, action, text) => model.check(section, id, action, text)}
      onRefresh={async () => {
        try {
          setData(await model.load());
        } catch (error) {
          throw new Error(describeFailure(error));
        }
      }}
    />
  );
}

export async function openDashboard(ctx: CommandContext): Promise<void> {
  const { dashboardModel } = await import('../services/dashboard');
  const api = await ctx.api();
  const model = dashboardModel(api);
  const initial = await model.load();
  const instance = render(<LiveDashboard model={model} initial={initial} server={api.url} />, {
    stdout: ctx.io.stdout as NodeJS.WriteStream,
    stderr: ctx.io.stderr as NodeJS.WriteStream,
    stdin: ctx.io.stdin as NodeJS.ReadStream,
    // Nothing here logs to the console, and patching it fails where console is replaced (tests).
    patchConsole: false,
  });
  await instance.waitUntilExit();
}
