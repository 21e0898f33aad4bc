"use client";
// Finding an account: by the start of its e-mail address, its id or its Stripe customer id; each row
// leads to the account's page.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Link } from "@/components/layout/intent-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { AdminUserRow } from "@/lib/validation/admin";
import { LoadFailed } from "./load-failed";
import { ADMIN_QUERY_KEY, adminRequest } from "./admin-request";
import { Cell, DataTable } from "./data-table";
import { useConsoleFormat } from "./use-console-format";

export function UsersScreen() {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const found = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, "users", query],
    queryFn: () => adminRequest<{ users: AdminUserRow[] }>("GET", `/api/admin/users?q=${encodeURIComponent(query)}`),
    enabled: query.length >= 2,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  const users = found.data?.users ?? [];
  return (
    <SectionCard title={t("usersSearchTitle")} description={t("usersSearchDescription")} className="min-w-0" contentClassName="grid gap-4">
      <form role="search" className="flex flex-wrap gap-2" onSubmit={search}>
        <Input
          type="search"
          aria-label={t("usersSearchLabel")}
          placeholder={t("usersSearchPlaceholder")}
          className="min-w-0 flex-1 basis-48"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={text.trim().length < 2}>
          {t("search")}
        </Button>
      </form>
      {found.isFetching && <Spinner aria-hidden className="size-6" />}
      {found.isError && <LoadFailed error={found.error} />}
      {found.data && (
        <DataTable
          label={t("usersSearchTitle")}
          columns={[t("colEmail"), t("colName"), t("colPlan"), t("colCredits"), t("colStatus"), t("colCreated")]}
          empty={t("noUsersFound")}
          rowCount={users.length}
        >
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row">
              <Cell>
                <Link href={`/admin/users/${user.id}`} className="text-primary font-medium underline-offset-4 hover:underline">
                  {user.email}
                </Link>
              </Cell>
              <Cell>{user.name}</Cell>
              <Cell>{user.tier}</Cell>
              <Cell className="tabular-nums">{f.count(user.credits)}</Cell>
              <Cell>
                <span className="flex gap-1">
                  {user.role === "admin" && <Badge variant="secondary">{t("roleAdmin")}</Badge>}
                  {user.suspended ? <Badge variant="destructive">{t("suspended")}</Badge> : <Badge variant="outline">{t("active")}</Badge>}
                </span>
              </Cell>
              <Cell>{f.moment(user.createdAt)}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
    </SectionCard>
  );
}
