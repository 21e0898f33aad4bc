"use client";
// The account's webhook endpoints and their deliveries: list, add (its secret comes back once),
// switch on again, delete, and resend a delivery.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import type { CreateWebhookEndpointRequest, CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView } from "@/lib/webhooks/events";

export const webhookEndpointsKey = ["account", "webhook-endpoints"] as const;
const deliveriesKey = (endpointId: string) => [...webhookEndpointsKey, endpointId, "deliveries"] as const;
const endpointPath = (endpointId: string) => `/api/webhook-endpoints/${encodeURIComponent(endpointId)}`;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsKey,
    queryFn: async () => (await apiRequest<{ endpoints: WebhookEndpointView[] }>("GET", "/api/webhook-endpoints")).endpoints,
  });
}

export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: async () => (await apiRequest<{ deliveries: WebhookDeliveryView[] }>("GET", `${endpointPath(endpointId)}/deliveries`)).deliveries,
    enabled,
  });
}

function useFailureToast() {
  const t = useTranslations("Webhooks");
  const describe = useErrorMessage();
  return (error: unknown) => toast.error(t("failed"), { description: describe(error) });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (request: CreateWebhookEndpointRequest) => apiRequest<CreatedWebhookEndpoint>("POST", "/api/webhook-endpoints", request),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
    onError,
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  const t = useTranslations("Webhooks");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpointView) => apiRequest<unknown>("DELETE", endpointPath(endpoint.id)),
    onSuccess: () => {
      toast.success(t("deleted"));
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey });
    },
    onError,
  });
}

export function useSwitchOnWebhookEndpoint() {
  const queryClient = useQueryClient();
  const t = useTranslations("Webhooks");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpointView) => apiRequest<WebhookEndpointView>("PATCH", endpointPath(endpoint.id), { enabled: true }),
    onSuccess: () => {
      toast.success(t("switchedOn"));
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey });
    },
    onError,
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  const t = useTranslations("Webhooks");
  const onError = useFailureToast();
  return useMutation({
    mutationFn: (delivery: WebhookDeliveryView) =>
      apiRequest<WebhookDeliveryView>("POST", `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(delivery.id)}/resend`),
    onSuccess: () => {
      toast.success(t("resent"));
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
    },
    onError,
  });
}
