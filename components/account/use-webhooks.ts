"use client";
// The account's webhook endpoints and their deliveries: list, add (its secret comes back once),
// switch on again, delete, and resend a delivery.
import { toast } from "@/components/ui/toaster";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/api/client";
import type { CreateWebhookEndpointRequest, CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView } from "@/lib/webhooks/events";
import { useAccountCall, useAccountList } from "./use-account-call";

export const webhookEndpointsKey = ["account", "webhook-endpoints"] as const;
const deliveriesKey = (endpointId: string) => [...webhookEndpointsKey, endpointId, "deliveries"] as const;
const endpointPath = (endpointId: string) => `/api/webhook-endpoints/${encodeURIComponent(endpointId)}`;

export function useWebhookEndpoints() {
  return useAccountList(webhookEndpointsKey, "/api/webhook-endpoints", (answer: { endpoints: WebhookEndpointView[] }) => answer.endpoints);
}

export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useAccountList(
    deliveriesKey(endpointId),
    `${endpointPath(endpointId)}/deliveries`,
    (answer: { deliveries: WebhookDeliveryView[] }) => answer.deliveries,
    enabled,
  );
}

export function useCreateWebhookEndpoint() {
  return useAccountCall({
    t: useTranslations("Webhooks"),
    call: (request: CreateWebhookEndpointRequest) => apiRequest<CreatedWebhookEndpoint>("POST", "/api/webhook-endpoints", request),
    refresh: webhookEndpointsKey,
  });
}

export function useDeleteWebhookEndpoint() {
  return useAccountCall({
    t: useTranslations("Webhooks"),
    call: (endpoint: WebhookEndpointView) => apiRequest<unknown>("DELETE", endpointPath(endpoint.id)),
    refresh: webhookEndpointsKey,
    onSuccess: (_result, _endpoint, { t }) => toast.success(t("deleted")),
  });
}

export function useSwitchOnWebhookEndpoint() {
  return useAccountCall({
    t: useTranslations("Webhooks"),
    call: (endpoint: WebhookEndpointView) => apiRequest<WebhookEndpointView>("PATCH", endpointPath(endpoint.id), { enabled: true }),
    refresh: webhookEndpointsKey,
    onSuccess: (_result, _endpoint, { t }) => toast.success(t("switchedOn")),
  });
}

export function useResendDelivery(endpointId: string) {
  return useAccountCall({
    t: useTranslations("Webhooks"),
    call: (delivery: WebhookDeliveryView) =>
      apiRequest<WebhookDeliveryView>("POST", `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(delivery.id)}/resend`),
    refresh: deliveriesKey(endpointId),
    onSuccess: (_result, _delivery, { t }) => toast.success(t("resent")),
  });
}
