-- The installation's own Content Credentials signer (root CA, signing certificate, sealed private key):
-- one row, made at first use by whichever worker gets there first; the others read it.
CREATE TABLE "c2pa_signing_identities" (
    "id" TEXT NOT NULL,
    "rootCertificatePem" TEXT NOT NULL,
    "certificatePem" TEXT NOT NULL,
    "sealedPrivateKey" TEXT NOT NULL,
    "privateKeyKeyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "c2pa_signing_identities_pkey" PRIMARY KEY ("id")
);
