"use client";
// The plans an operator can grant: the site's own plan list, as the Subscription page reads it.
import { useQuery } from "@tanstack/react-query";
import type { SubscriptionPlanView } from "@/lib/validation/billing";
import { ADMIN_QUERY_KEY, adminRequest } from "./admin-request";

export function usePlanChoices() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, "plans"],
    queryFn: () => adminRequest<SubscriptionPlanView[]>("GET", "/api/subscription/plans"),
  });
}
